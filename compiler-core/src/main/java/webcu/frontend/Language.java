package webcu.frontend;

/**
 * The language a translation unit is compiled as, chosen by its file name as nvcc chooses: .cu
 * (and .hip) files are CUDA C++ with {@code cuda_runtime.h} included implicitly; .cpp/.cc/.cxx
 * files go to the host C++ compiler, .c files to the host C compiler, neither with CUDA's macros
 * or implicit header.
 */
public enum Language {
    CUDA, CXX, C;

    public static Language of(String path) {
        String p = path.toLowerCase(java.util.Locale.ROOT);
        if (p.endsWith(".c")) {
            return C;
        }
        if (p.endsWith(".cpp") || p.endsWith(".cc") || p.endsWith(".cxx") || p.endsWith(".c++")) {
            return CXX;
        }
        return CUDA;
    }
}
