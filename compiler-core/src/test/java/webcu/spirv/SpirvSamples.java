package webcu.spirv;

/**
 * CUDA kernels the SPIR-V tests share: compiled to golden snapshots here ({@code SpirvWriterTest})
 * and run on Vulkan by module vulkan's {@code VulkanSpirvTest}.
 */
public final class SpirvSamples {
    /** One thread per element, guarded by the grid's bound. */
    public static final String VECTOR_ADD = """
            __global__ void vectorAdd(const float* a, const float* b, float* c, int n) {
              int i = blockIdx.x * blockDim.x + threadIdx.x;
              if (i < n) c[i] = a[i] + b[i];
            }
            int main() { return 0; }
            """;

    /**
     * Heap mode (pointers read from memory): a linked list followed from a pointer argument, and a
     * pointer stored to memory; the addresses are 64-bit, compared with null and offset by the heap's base.
     */
    public static final String LINKED_LIST = """
            struct Node { int value; Node* next; };
            __global__ void listSum(Node* head, int* sum, Node** last) {
              int s = 0;
              Node* n = head;
              while (n->next) { s += n->value; n = n->next; }
              *sum = s + n->value;
              *last = n;
            }
            int main() { return 0; }
            """;

    /**
     * A warp's sum by {@code __shfl_down_sync}, a ballot and an sm_80 reduction, all reached by the
     * whole block: subgroup operations on a device with 32-lane subgroups.
     */
    public static final String WARP_SUM = """
            __global__ void warpSum(const int* in, int* sums, unsigned* ballots, int* totals) {
              int i = blockIdx.x * blockDim.x + threadIdx.x;
              int v = in[i];
              for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
              unsigned positive = __ballot_sync(0xffffffffu, in[i] > 0);
              int total = __reduce_add_sync(0xffffffffu, in[i]);
              if ((threadIdx.x & 31) == 0) {
                sums[i / 32] = v;
                ballots[i / 32] = positive;
                totals[i / 32] = total;
              }
            }
            int main() { return 0; }
            """;

    /** A block's sum through {@code __shared__} memory, a loop and {@code __syncthreads()}. */
    public static final String BLOCK_SUM = """
            __global__ void blockSum(const float* in, float* out, int n) {
              __shared__ float s[256];
              unsigned t = threadIdx.x;
              unsigned i = blockIdx.x * blockDim.x + t;
              s[t] = i < n ? in[i] : 0.0f;
              __syncthreads();
              for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
                if (t < k) s[t] += s[t + k];
                __syncthreads();
              }
              if (t == 0) out[blockIdx.x] = s[0];
            }
            int main() { return 0; }
            """;

    /** if / else if / break in a while loop, and a switch with a shared case and a default. */
    public static final String COLLATZ = """
            __global__ void collatz(const unsigned* start, int* steps, int n) {
              int i = blockIdx.x * blockDim.x + threadIdx.x;
              if (i >= n) return;
              unsigned x = start[i];
              int count = 0;
              while (x != 1 && count < 1000) {
                if (x % 2 == 0) {
                  x /= 2;
                } else if (x > 0x55555554u) {
                  break;
                } else {
                  x = 3 * x + 1;
                }
                count++;
              }
              switch (count & 3) {
                case 0: steps[i] = count; break;
                case 1: case 2: steps[i] = -count; break;
                default: steps[i] = 0;
              }
            }
            int main() { return 0; }
            """;

    private SpirvSamples() {
    }
}
