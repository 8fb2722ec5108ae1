package webcu.vm;

/**
 * glibc's {@code rand()}: the TYPE_3 additive feedback generator (degree 31, separation 3) seeded
 * by {@code srand} through the Park–Miller recurrence, so that a program prints the same "random"
 * numbers as its native build (after srand(1): 1804289383, 846930886, 1681692777, …).
 */
final class GlibcRandom {
    static final int RAND_MAX = 2147483647;
    private static final int DEGREE = 31;
    private static final int SEPARATION = 3;

    private final int[] state = new int[DEGREE];
    private int front;
    private int rear;

    GlibcRandom() {
        seed(1);
    }

    /** srandom_r: fills the state from the seed and discards the first 310 outputs. */
    void seed(int seed) {
        if (seed == 0) {
            seed = 1;
        }
        state[0] = seed;
        int word = seed;
        for (int i = 1; i < DEGREE; i++) {
            // state[i] = (16807 * state[i - 1]) % 2147483647 without overflowing 31 bits.
            long hi = word / 127773;
            long lo = word % 127773;
            long w = 16807 * lo - 2836 * hi;
            if (w < 0) {
                w += 2147483647;
            }
            word = (int) w;
            state[i] = word;
        }
        front = SEPARATION;
        rear = 0;
        for (int i = 0; i < DEGREE * 10; i++) {
            next();
        }
    }

    /** random_r: the next value in [0, RAND_MAX]. */
    int next() {
        int val = state[front] + state[rear];
        state[front] = val;
        int result = val >>> 1;
        if (++front >= DEGREE) {
            front = 0;
            ++rear;
        } else if (++rear >= DEGREE) {
            rear = 0;
        }
        return result;
    }
}
