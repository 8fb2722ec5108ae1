package webcu.vulkan;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import webcu.driver.CompileResult;
import webcu.driver.Compiler;
import webcu.driver.DeviceCode;
import webcu.frontend.SourceSet;
import webcu.passes.DeviceTarget;
import webcu.passes.KernelLayout;
import webcu.runtime.BoundsProofs;
import webcu.runtime.DeviceFacts;
import webcu.runtime.LaunchLayout;
import webcu.runtime.UniformPacking;

/**
 * Bench code, not a test (issue 15): times SPIR-V modules of bench/webgpu's kernels on the first
 * Vulkan device, to find by bisection what makes webcu's SPIR-V slower than Tint's for the same
 * CUDA kernel on NVIDIA's driver. bench/vulkan/README-bisect.md (bench/README.md's Vulkan section)
 * says how it is run.
 *
 * <ul>
 * <li>{@code emit DIR}: for each of saxpy.cu, reduce.cu, sgemm.cu, webcu's SPIR-V as the Vulkan
 * device on an NVIDIA GPU compiles it ({@code PROG.webcu.spv} and its text; fused Fma, every
 * capability, no loop limit) and webcu's WGSL as the WebGPU device on the H200 compiles it
 * ({@code PROG.wgsl}: subgroups of 32, fused fma), with {@code PROG.kernels.json}: per kernel its
 * pipeline constants as the runtime sets them for the bench's launches, for Dawn
 * (bench/vulkan/tint_dump.mjs).</li>
 * <li>{@code run [--n N] [--mm MM] [--reps R] [--rounds K] [--warm MS] [--mode fenced|batched|gap|hostbar,...|both]
 * [--uniform host|device] [--checks auto|on|off] KERNEL=LABEL=FILE.spv ...}: each module with the
 * bench's buffers and launch sizes (KERNEL saxpy, reduce (its three passes), sgemm_naive,
 * sgemm_tiled16), its results checked, then timed: R repetitions after MS of warm-up, in K rounds
 * whose order alternates; a module's time is the median over the rounds of each round's median.
 * {@code fenced}: a submit and a fence per dispatch, timestamps around it (the Vulkan device's
 * way); {@code batched}: a round's repetitions in one command buffer, barriers between them
 * (Dawn's way); {@code gap}: fenced, 1 ms apart; {@code hostbar}: batched with the fenced submit's host
 * barrier between the dispatches. The uniform buffer lives in host-visible memory (as the Vulkan device's) or in the
 * GPU's own memory.</li>
 * </ul>
 * The uniform's layout, the bindings and the specialization constants (SpecIds 0-4: blockDim,
 * the dynamic shared words, the checks) are webcu's for every module: Tint's modules made from
 * webcu's WGSL keep its bindings and have no specialization constants (Dawn folds the overrides).
 */
public final class SpirvBench {
    private static final String[] PROGRAMS = {"saxpy", "reduce", "sgemm"};

    private SpirvBench() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.err.println("usage: SpirvBench emit DIR | run [options] KERNEL=LABEL=FILE.spv ...");
            System.exit(2);
        }
        Map<String, String> opts = new LinkedHashMap<>();
        List<String> rest = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            if (args[i].startsWith("--")) {
                opts.put(args[i].substring(2), args[++i]);
            } else {
                rest.add(args[i]);
            }
        }
        Path bench = Path.of(opts.getOrDefault("bench", "bench/webgpu"));
        if (args[0].equals("emit")) {
            emit(bench, Path.of(rest.get(0)), Integer.parseInt(opts.getOrDefault("n", "67108864")),
                    Integer.parseInt(opts.getOrDefault("mm", "2048")));
        } else {
            run(bench, opts, rest);
        }
    }

    /** The NVIDIA Vulkan device's target: VulkanDevice's DeviceFacts for a GPU with every capability. */
    static DeviceTarget vulkanNvidia() {
        return DeviceFacts.vulkan(DeviceTarget.VULKAN.spirvCapabilities(), 0, DeviceFacts.Fma.FUSED).target();
    }

    /** The H200's WebGPU device (Dawn): IEEE floats, subgroups of 32, fma measured fused, 10 storage buffers. */
    static DeviceTarget webGpuH200() {
        return new DeviceFacts(true, 10, 32, DeviceFacts.DEFAULT_WATCHDOG, DeviceFacts.Fma.FUSED).target();
    }

    static CompileResult compile(Path bench, String program) throws IOException {
        Path file = bench.resolve(program + ".cu");
        SourceSet set = new SourceSet();
        set.file(file.toString(), Files.readString(file, StandardCharsets.UTF_8), true);
        set.loader(p -> {
            try {
                Path q = Path.of(p);
                return Files.isRegularFile(q) ? Files.readString(q, StandardCharsets.UTF_8) : null;
            } catch (IOException | java.nio.file.InvalidPathException e) {
                return null;
            }
        });
        CompileResult r = Compiler.compile(set);
        if (!r.ok()) {
            throw new IllegalStateException(r.render(true));
        }
        return r;
    }

    static DeviceCode device(CompileResult r, DeviceTarget target) {
        DeviceCode code = Compiler.compileDevice(r, target);
        if (code.failure() != null || code.hasErrors()) {
            throw new IllegalStateException(code.render(true), code.failure());
        }
        return code;
    }

    private static void emit(Path bench, Path dir, int n, int mm) throws IOException {
        Files.createDirectories(dir);
        for (String program : PROGRAMS) {
            CompileResult r = compile(bench, program);
            DeviceCode spirv = device(r, vulkanNvidia());
            Files.write(dir.resolve(program + ".webcu.spv"), spirv.spirv().bytes());
            Files.writeString(dir.resolve(program + ".webcu.spvasm"), spirv.spirv().disassembly());
            DeviceCode wgsl = device(r, webGpuH200());
            Files.writeString(dir.resolve(program + ".wgsl"), wgsl.program().code());
            StringBuilder json = new StringBuilder("{");
            for (Setup s : setups(program, n, mm)) {
                KernelLayout w = wgsl.program().kernel(s.kernel);
                KernelLayout v = spirv.spirv().kernel(s.kernel);
                if (!shape(w).equals(shape(v))) {
                    System.out.println("warning: " + s.kernel + ": the WGSL and SPIR-V layouts differ:\n  " + w + "\n  " + v);
                }
                Launch l = s.launches.get(0);
                boolean unchecked = proven(w, l);
                json.append(json.length() > 1 ? ",\n " : "\n ").append('"').append(s.kernel).append("\": {\"entry\": \"")
                        .append(w.entryPoint()).append("\", \"constants\": {");
                for (int i = 0; i < 3; i++) {
                    json.append(i > 0 ? ", " : "").append('"').append(w.workgroupSize().get(i)).append("\": ").append(l.block[i]);
                }
                if (w.dynamicSharedWords() != null) {
                    json.append(", \"").append(w.dynamicSharedWords()).append("\": 1");
                }
                if (w.ranges() != null) {
                    json.append(", \"").append(w.ranges().constant()).append("\": ").append(unchecked ? 0 : 1);
                }
                json.append("}, \"unchecked\": ").append(unchecked).append('}');
                System.out.println(program + ": " + s.kernel + " unchecked=" + unchecked);
            }
            Files.writeString(dir.resolve(program + ".kernels.json"), json.append("\n}\n").toString());
        }
    }

    /** What a launch depends on in a layout (not the names of its fields and constants). */
    static String shape(KernelLayout k) {
        StringBuilder b = new StringBuilder();
        for (KernelLayout.Buffer x : k.buffers()) {
            b.append(x.binding()).append(':').append(x.param()).append(':').append(x.unitSize()).append(':').append(x.readOnly()).append(' ');
        }
        b.append("| ").append(k.uniform().binding()).append(':').append(k.uniform().size());
        for (KernelLayout.UniformField f : k.uniform().fields()) {
            b.append(' ').append(f.offset()).append(':').append(f.param()).append(':').append(f.buffer()).append(':').append(f.type());
        }
        return b.toString();
    }

    /** Whether the launch's bounds checks are proven to hold (the pipeline without them, as the devices choose). */
    static boolean proven(KernelLayout k, Launch l) {
        byte[] uniform = l.uniform(k);
        double[] bytes = new double[k.buffers().size()];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = 4.0 * l.sizes[k.buffers().get(i).param()];
        }
        return BoundsProofs.holds(new LaunchLayout(k), uniform, 0, l.block, l.grid, bytes);
    }

    /**
     * One launch of a kernel: its arguments (a pointer argument is an index into the setup's
     * arrays, a scalar an Integer or Float), grid and block; {@code sizes[param]} the element count
     * of a pointer argument's array.
     */
    record Launch(Object[] args, long[] sizes, int[] grid, int[] block) {
        byte[] uniform(KernelLayout k) {
            byte[] u = new byte[(k.uniform().size() + 15) & ~15];
            UniformPacking.putGrid(u, grid, 1);
            for (KernelLayout.UniformField f : k.uniform().fields()) {
                if (f.hiddenOffset()) {
                    UniformPacking.putInt(u, f.offset(), 0);
                } else if (args[f.param()] instanceof Float x) {
                    UniformPacking.putInt(u, f.offset(), Float.floatToRawIntBits(x));
                } else {
                    UniformPacking.putInt(u, f.offset(), (Integer) args[f.param()]);
                }
            }
            return u;
        }
    }

    /** A kernel's buffers (float arrays, by index), its launches per repetition, and its check. */
    record Setup(String kernel, long[] arrays, List<Launch> launches) {
    }

    static List<Setup> setups(String program, int n, int mm) {
        return switch (program) {
            case "saxpy" -> List.of(saxpy(n));
            case "reduce" -> List.of(reduce(n));
            case "sgemm" -> List.of(sgemm("sgemm_naive", mm), sgemm("sgemm_tiled16", mm));
            default -> throw new IllegalArgumentException(program);
        };
    }

    static Setup saxpy(int n) {
        long[] sizes = {0, 0, n, n};
        return new Setup("saxpy", new long[] {n, n}, List.of(new Launch(new Object[] {n, 2.5f, 0, 1}, sizes,
                new int[] {(n + 255) / 256, 1, 1}, new int[] {256, 1, 1})));
    }

    /** The three passes n -> ceil(n/512) -> ... -> 1; array s is pass s's input. */
    static Setup reduce(int n) {
        List<Long> arrays = new ArrayList<>(List.of((long) n));
        List<Launch> launches = new ArrayList<>();
        for (int m = n, s = 0;; s++) {
            int b = (m + 511) / 512;
            arrays.add((long) Math.max(4, b));
            launches.add(new Launch(new Object[] {s, s + 1, m}, new long[] {arrays.get(s), arrays.get(s + 1), 0},
                    new int[] {b, 1, 1}, new int[] {256, 1, 1}));
            if (b == 1) {
                break;
            }
            m = b;
        }
        return new Setup("reduce256", arrays.stream().mapToLong(Long::longValue).toArray(), launches);
    }

    static Setup sgemm(String kernel, int mm) {
        long nn = (long) mm * mm;
        return new Setup(kernel, new long[] {nn, nn, nn}, List.of(new Launch(new Object[] {mm, 0, 1, 2}, new long[] {0, nn, nn, nn},
                new int[] {mm / 16, mm / 16, 1}, new int[] {16, 16, 1})));
    }

    static String programOf(String kernel) {
        return switch (kernel) {
            case "saxpy" -> "saxpy";
            case "reduce", "reduce256" -> "reduce";
            case "sgemm_naive", "sgemm_tiled16" -> "sgemm";
            default -> throw new IllegalArgumentException("unknown kernel " + kernel + " (saxpy, reduce, sgemm_naive, sgemm_tiled16)");
        };
    }

    /** A module under test. */
    record Case(String kernel, String label, Path file, int[] words, String entry) {
    }

    /** The first entry point named {@code want}, else the module's first entry point. */
    static String entryPoint(int[] words, String want) {
        String first = null;
        for (int i = 5; i < words.length; ) {
            int count = words[i] >>> 16;
            int op = words[i] & 0xFFFF;
            if (op == 15) {
                StringBuilder name = new StringBuilder();
                byte[] bytes = new byte[(count - 3) * 4];
                ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().put(words, i + 3, count - 3);
                for (byte b : bytes) {
                    if (b == 0) {
                        break;
                    }
                    name.append((char) b);
                }
                if (name.toString().equals(want)) {
                    return want;
                }
                first = first == null ? name.toString() : first;
            }
            i += Math.max(1, count);
        }
        return first;
    }

    static int[] words(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        int[] w = new int[b.remaining() / 4];
        b.asIntBuffer().get(w);
        return w;
    }

    private static void run(Path bench, Map<String, String> opts, List<String> specs) throws IOException {
        int n = Integer.parseInt(opts.getOrDefault("n", "67108864"));
        int mm = Integer.parseInt(opts.getOrDefault("mm", "2048"));
        int reps = Integer.parseInt(opts.getOrDefault("reps", "20"));
        int rounds = Integer.parseInt(opts.getOrDefault("rounds", "3"));
        double warm = Double.parseDouble(opts.getOrDefault("warm", "200"));
        String mode = opts.getOrDefault("mode", "both");
        boolean deviceUniform = opts.getOrDefault("uniform", "host").equals("device");
        String checks = opts.getOrDefault("checks", "auto");
        Map<String, List<Case>> byKernel = new LinkedHashMap<>();
        for (String s : specs) {
            String[] p = s.split("=", 3);
            String kernel = p[0].equals("reduce") ? "reduce256" : p[0];
            programOf(kernel);
            int[] w = words(Path.of(p[2]));
            byKernel.computeIfAbsent(kernel, k -> new ArrayList<>()).add(new Case(kernel, p[1], Path.of(p[2]), w, entryPoint(w, kernel)));
        }
        try (VulkanCompute vk = VulkanCompute.open(Boolean.getBoolean("webcu.bench.validate"))) {
            System.out.println("device: " + vk.deviceName() + " (Vulkan " + vk.apiVersion() + "), timestamps " + vk.canTime()
                    + "; n=" + n + " mm=" + mm + " reps=" + reps + " rounds=" + rounds + " warm=" + warm + " ms, uniform "
                    + (deviceUniform ? "device" : "host") + ", checks " + checks);
            for (Map.Entry<String, List<Case>> e : byKernel.entrySet()) {
                new KernelBench(vk, bench, e.getKey(), e.getValue(), n, mm, deviceUniform, checks).run(mode, reps, rounds, warm);
            }
            if (!vk.validationMessages().isEmpty()) {
                System.out.println("validation: " + vk.validationMessages());
            }
        }
    }

    /** One kernel's buffers and launches, its modules' pipelines, their checks and times. */
    private static final class KernelBench {
        private final VulkanCompute vk;
        private final String kernel;
        private final List<Case> cases;
        private final Setup setup;
        private final KernelLayout layout;
        private final List<VulkanCompute.Buffer> arrays = new ArrayList<>();
        private final List<VulkanCompute.Buffer> owned = new ArrayList<>();
        private final VulkanCompute.Buffer debug;
        /** Per launch of the setup, its bindings. */
        private final List<List<VulkanCompute.Binding>> bindings = new ArrayList<>();
        private final List<int[]> specialization = new ArrayList<>();
        private final int mm;

        KernelBench(VulkanCompute vk, Path bench, String kernel, List<Case> cases, int n, int mm, boolean deviceUniform,
                    String checks) throws IOException {
            this.vk = vk;
            this.kernel = kernel;
            this.cases = cases;
            this.mm = mm;
            this.setup = setups(programOf(kernel), n, mm).stream().filter(s -> s.kernel.equals(kernel)).findFirst().orElseThrow();
            this.layout = device(compile(bench, programOf(kernel)), vulkanNvidia()).spirv().kernel(kernel);
            for (long size : setup.arrays) {
                arrays.add(vk.deviceBuffer(4 * size));
            }
            debug = vk.buffer(4L * webcu.passes.DebugBuffer.WORDS);
            for (Launch l : setup.launches) {
                List<VulkanCompute.Binding> b = new ArrayList<>();
                for (KernelLayout.Buffer buf : layout.buffers()) {
                    b.add(new VulkanCompute.Binding(buf.binding(), arrays.get((Integer) l.args[buf.param()]), VulkanCompute.Kind.STORAGE));
                }
                byte[] u = l.uniform(layout);
                VulkanCompute.Buffer ub = deviceUniform ? vk.deviceBuffer(u.length) : vk.buffer(u.length);
                upload(ub, u);
                owned.add(ub);
                b.add(new VulkanCompute.Binding(layout.uniform().binding(), ub, VulkanCompute.Kind.UNIFORM));
                b.add(new VulkanCompute.Binding(1, 0, debug, VulkanCompute.Kind.STORAGE));
                bindings.add(b);
                boolean unchecked = checks.equals("off") || checks.equals("auto") && proven(layout, l);
                // SpecId 5: the bench's buffers never alias
                specialization.add(new int[] {l.block[0], l.block[1], l.block[2], 1, unchecked ? 0 : 1, 0});
            }
        }

        private void upload(VulkanCompute.Buffer b, byte[] bytes) {
            if (b.isMapped()) {
                b.contents().put(0, bytes);
                return;
            }
            try (VulkanCompute.Buffer s = vk.buffer(bytes.length)) {
                s.contents().put(0, bytes);
                vk.copy(s, 0, b, 0, bytes.length);
            }
        }

        private float[] download(VulkanCompute.Buffer b, int count) {
            float[] out = new float[count];
            if (b.isMapped()) {
                b.contents().asFloatBuffer().get(0, out);
                return out;
            }
            try (VulkanCompute.Buffer s = vk.buffer(4L * count)) {
                vk.copy(b, 0, s, 0, 4L * count);
                s.contents().asFloatBuffer().get(0, out);
            }
            return out;
        }

        private void uploadFloats(VulkanCompute.Buffer b, float[] v) {
            ByteBuffer bytes = ByteBuffer.allocate(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
            bytes.asFloatBuffer().put(v);
            upload(b, bytes.array());
        }

        private float[][] inputs;

        /** Inputs as the bench's (values exact in floats), the outputs cleared; made once. */
        private float[][] inputs() {
            if (inputs == null) {
                inputs = makeInputs();
            }
            return inputs;
        }

        private float[][] makeInputs() {
            int count0 = (int) setup.arrays[0];
            return switch (kernel) {
                case "saxpy" -> new float[][] {values(count0, 1), values(count0, 2)};
                case "reduce256" -> {
                    float[] x = new float[count0];
                    for (int i = 0; i < count0; i++) {
                        x[i] = i & 3;
                    }
                    yield new float[][] {x};
                }
                default -> new float[][] {values(count0, 3), values(count0, 4), new float[count0]};
            };
        }

        /** Multiples of 1/1024 in [-1, 1) from a hash of the index (small products and sums stay exact). */
        private static float[] values(int count, int seed) {
            float[] v = new float[count];
            for (int i = 0; i < count; i++) {
                int x = i * 0x9e3779b9 + seed;
                x ^= x >>> 16;
                x *= 0x7feb352d;
                x ^= x >>> 15;
                v[i] = ((x >>> 21) - 1024) / 1024f;
            }
            return v;
        }

        /** Sets the inputs, runs the launches once with {@code p}, and says what is wrong, or null. */
        private String check(List<VulkanCompute.Pipeline> p) {
            float[][] in = inputs();
            for (int i = 0; i < in.length; i++) {
                uploadFloats(arrays.get(i), in[i]);
            }
            debug.contents().put(0, new byte[(int) debug.size]);
            for (int i = 0; i < setup.launches.size(); i++) {
                Launch l = setup.launches.get(i);
                vk.dispatch(p.get(i), bindings.get(i), l.grid[0], l.grid[1], l.grid[2], false);
            }
            int faults = debug.contents().getInt(webcu.runtime.DeviceOutput.FAULTS_BYTE);
            if (faults != 0) {
                return "a fault in the debug buffer (" + faults + ")";
            }
            switch (kernel) {
                case "saxpy" -> {
                    float[] y = download(arrays.get(1), in[0].length);
                    for (int i = 0; i < y.length; i++) {
                        float e = 2.5f * in[0][i] + in[1][i];
                        if (Math.abs(y[i] - e) > 1e-5f * (1 + Math.abs(e))) {
                            return "y[" + i + "] = " + y[i] + ", expected " + e;
                        }
                    }
                }
                case "reduce256" -> {
                    float[] r = download(arrays.get(arrays.size() - 1), 1);
                    long len = setup.arrays[0];
                    double ref = 6.0 * (len / 4) + (len % 4) * (len % 4 - 1) / 2;
                    if (r[0] != ref) {
                        return "sum " + r[0] + ", expected " + ref;
                    }
                }
                default -> {
                    float[] c = download(arrays.get(2), mm * mm);
                    for (int s = 0; s < 256; s++) {
                        int at = (int) ((long) (mm * mm - 1) * s / 255);
                        int row = at / mm;
                        int col = at % mm;
                        double e = 0;
                        double mag = 0;
                        for (int k = 0; k < mm; k++) {
                            e += (double) in[0][row * mm + k] * in[1][k * mm + col];
                            mag += Math.abs((double) in[0][row * mm + k] * in[1][k * mm + col]);
                        }
                        if (Math.abs(c[at] - e) > 1e-5 * (1 + mag)) {
                            return "C[" + row + "][" + col + "] = " + c[at] + ", expected " + e;
                        }
                    }
                }
            }
            return null;
        }

        /** One repetition's GPU nanoseconds, fenced: each launch its own submit. */
        private double fenced(List<VulkanCompute.Pipeline> p) {
            double sum = 0;
            for (int i = 0; i < setup.launches.size(); i++) {
                Launch l = setup.launches.get(i);
                sum += vk.dispatch(p.get(i), bindings.get(i), l.grid[0], l.grid[1], l.grid[2], true);
            }
            return sum;
        }

        /** {@code reps} repetitions in one command buffer: each one's GPU nanoseconds. */
        private double[] batched(List<VulkanCompute.Pipeline> p, int reps) {
            return batched(p, reps, false);
        }

        private double[] batched(List<VulkanCompute.Pipeline> p, int reps, boolean hostBarrier) {
            List<VulkanCompute.Dispatch> all = new ArrayList<>();
            for (int r = 0; r < reps; r++) {
                for (int i = 0; i < setup.launches.size(); i++) {
                    Launch l = setup.launches.get(i);
                    all.add(new VulkanCompute.Dispatch(p.get(i), bindings.get(i), l.grid[0], l.grid[1], l.grid[2]));
                }
            }
            double[] ns = vk.dispatchAll(all, true, hostBarrier);
            double[] out = new double[reps];
            int per = setup.launches.size();
            for (int r = 0; r < reps; r++) {
                for (int i = 0; i < per; i++) {
                    out[r] += ns[r * per + i];
                }
            }
            return out;
        }

        /**
         * {@code reps} repetitions in mode {@code m}, each one's GPU nanoseconds: fenced, gap (fenced, 1 ms
         * apart: the host's pace between launches), batched, hostbar (batched, with a fenced launch's
         * barrier between dispatches).
         */
        private double[] rep(String m, List<VulkanCompute.Pipeline> p, int reps) {
            double[] t = new double[reps];
            switch (m) {
                case "fenced", "gap" -> {
                    for (int i = 0; i < reps; i++) {
                        if (m.equals("gap")) {
                            long until = System.nanoTime() + 1_000_000;
                            while (System.nanoTime() < until) {
                                Thread.onSpinWait();
                            }
                        }
                        t[i] = fenced(p);
                    }
                }
                case "batched" -> t = batched(p, reps, false);
                case "hostbar" -> t = batched(p, reps, true);
                default -> throw new IllegalArgumentException("mode " + m);
            }
            return t;
        }

        void run(String mode, int reps, int rounds, double warmMs) {
            Map<Case, List<VulkanCompute.Pipeline>> pipelines = new LinkedHashMap<>();
            Map<Case, Long> modules = new LinkedHashMap<>();
            List<Case> ok = new ArrayList<>();
            for (Case c : cases) {
                long module = vk.shaderModule(c.words);
                modules.put(c, module);
                List<VulkanCompute.Pipeline> ps = new ArrayList<>();
                Map<String, VulkanCompute.Pipeline> made = new LinkedHashMap<>();
                for (int i = 0; i < setup.launches.size(); i++) {
                    int[] spec = specialization.get(i);
                    ps.add(made.computeIfAbsent(Arrays.toString(spec), k -> vk.pipeline(module, c.entry, bindings.get(0), spec)));
                }
                pipelines.put(c, ps);
                String wrong = check(ps);
                System.out.println(kernel + " " + c.label + " (" + c.file + ", entry " + c.entry + ", spec "
                        + Arrays.toString(specialization.get(0)) + "): " + (wrong == null ? "PASS" : "FAIL: " + wrong));
                if (wrong == null) {
                    ok.add(c);
                }
            }
            for (String m : mode.equals("both") ? List.of("fenced", "batched") : List.of(mode.split(","))) {
                Map<Case, double[]> perRound = new LinkedHashMap<>();
                for (Case c : ok) {
                    perRound.put(c, new double[rounds]);
                }
                for (int r = 0; r < rounds; r++) {
                    List<Case> order = new ArrayList<>(ok);
                    if (r % 2 == 1) {
                        java.util.Collections.reverse(order);
                    }
                    for (Case c : order) {
                        List<VulkanCompute.Pipeline> p = pipelines.get(c);
                        long t0 = System.nanoTime();
                        do {
                            rep(m, p, reps);
                        } while ((System.nanoTime() - t0) / 1e6 < warmMs);
                        double[] t = rep(m, p, reps);
                        perRound.get(c)[r] = median(t) / 1e6;
                    }
                }
                System.out.println("| " + kernel + " " + m + " | ms (median of rounds) | vs first | rounds |");
                System.out.println("|---|---:|---:|---|");
                double first = Double.NaN;
                for (Case c : ok) {
                    double med = median(perRound.get(c).clone());
                    if (Double.isNaN(first)) {
                        first = med;
                    }
                    StringBuilder rs = new StringBuilder();
                    for (double v : perRound.get(c)) {
                        rs.append(String.format(" %.4f", v));
                    }
                    System.out.printf("| %s | %.4f | %.3f |%s |%n", c.label, med, first / med, rs);
                }
            }
            for (Map.Entry<Case, List<VulkanCompute.Pipeline>> e : pipelines.entrySet()) {
                for (VulkanCompute.Pipeline p : new java.util.LinkedHashSet<>(e.getValue())) {
                    p.close();
                }
                vk.destroyShaderModule(modules.get(e.getKey()));
            }
            for (VulkanCompute.Buffer b : arrays) {
                b.close();
            }
            for (VulkanCompute.Buffer b : owned) {
                b.close();
            }
            debug.close();
        }
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
