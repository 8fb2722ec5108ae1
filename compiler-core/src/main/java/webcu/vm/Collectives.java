package webcu.vm;

import java.util.ArrayList;
import webcu.runtime.Completion;

/**
 * Warp and block collectives of the CPU device: shuffles, votes, ballots, match, warp reductions,
 * {@code __syncwarp} and {@code __syncthreads_count/and/or}. A thread that calls one joins a
 * rendezvous for its warp (or block) and call site and stops; when no thread of the block can run
 * any more, every pending rendezvous is resolved with the threads that joined it, each of them
 * gets its result, and they go on. Threads of a warp thus meet at a collective as in lock-step
 * hardware, while running one after another in between.
 */
final class Collectives {
    static final int SHFL = 0, SHFL_UP = 1, SHFL_DOWN = 2, SHFL_XOR = 3, BALLOT = 4, ANY = 5, ALL = 6,
            ACTIVEMASK = 7, MATCH_ANY = 8, MATCH_ALL = 9, REDUCE_ADD = 10, REDUCE_MIN = 11, REDUCE_MAX = 12,
            REDUCE_AND = 13, REDUCE_OR = 14, REDUCE_XOR = 15, SYNCWARP = 16, SYNC_COUNT = 17, SYNC_AND = 18,
            SYNC_OR = 19, SYNC = 20;
    static final int WARP = 32;

    /** The threads of one warp (or block) that reached one collective at one call site. */
    static final class Rendezvous {
        final int kind;
        final Code code;
        final int pc;
        final int group;
        final Completion done = new Completion();
        final boolean[] present;
        final long[] value;
        final double[] fvalue;
        final long[] arg;
        final long[] mask;
        final long[] result;
        final double[] fresult;
        boolean signed;
        boolean floating;

        Rendezvous(int kind, Code code, int pc, int group, int size) {
            this.kind = kind;
            this.code = code;
            this.pc = pc;
            this.group = group;
            present = new boolean[size];
            value = new long[size];
            fvalue = new double[size];
            arg = new long[size];
            mask = new long[size];
            result = new long[size];
            fresult = new double[size];
        }
    }

    private final ArrayList<Rendezvous> pending = new ArrayList<>();
    private int blockSize;

    void startBlock(int threads) {
        pending.clear();
        blockSize = threads;
    }

    boolean hasPending() {
        return !pending.isEmpty();
    }

    /** Whether the kind is a block-wide collective (all threads of the block take part). */
    static boolean isBlockWide(int kind) {
        return kind >= SYNC_COUNT;
    }

    /** The rendezvous {@code t} joins at its current call site; the caller fills in its operands. */
    Rendezvous join(VmThread t, int kind) {
        boolean block = isBlockWide(kind);
        int group = block ? -1 : t.slot / WARP;
        for (Rendezvous r : pending) {
            if (r.kind == kind && r.code == t.code && r.pc == t.pc && r.group == group) {
                return r;
            }
        }
        Rendezvous r = new Rendezvous(kind, t.code, t.pc, group, block ? blockSize : WARP);
        pending.add(r);
        return r;
    }

    /** The index of {@code t} in its rendezvous: its lane, or its thread index for block-wide ones. */
    static int index(VmThread t, int kind) {
        return isBlockWide(kind) ? t.slot : t.slot % WARP;
    }

    /** Computes every pending rendezvous's results and lets its threads go on. */
    void resolveAll() {
        ArrayList<Rendezvous> now = new ArrayList<>(pending);
        pending.clear();
        for (Rendezvous r : now) {
            resolve(r);
            r.done.complete();
        }
    }

    private static void resolve(Rendezvous r) {
        int n = r.present.length;
        long members = 0;
        for (int i = 0; i < n && i < 64; i++) {
            if (r.present[i]) {
                members |= 1L << i;
            }
        }
        switch (r.kind) {
            case SHFL, SHFL_UP, SHFL_DOWN, SHFL_XOR -> {
                for (int lane = 0; lane < n; lane++) {
                    if (!r.present[lane]) {
                        continue;
                    }
                    int width = (int) r.mask[lane];
                    if (width <= 0 || width > WARP || (width & (width - 1)) != 0) {
                        width = WARP;
                    }
                    int start = lane / width * width;
                    long a = r.arg[lane];
                    int src = switch (r.kind) {
                        case SHFL -> start + (int) (a & (width - 1));
                        case SHFL_UP -> a < 0 || lane - a < start ? lane : (int) (lane - a);
                        case SHFL_DOWN -> a < 0 || lane + a >= start + width ? lane : (int) (lane + a);
                        default -> {
                            int x = lane ^ (int) (a & 31);
                            yield x >= start + width ? lane : x;
                        }
                    };
                    if (src < 0 || src >= n || !r.present[src]) {
                        src = lane;
                    }
                    r.result[lane] = r.value[src];
                    r.fresult[lane] = r.fvalue[src];
                }
            }
            case BALLOT, ANY, ALL -> {
                long votes = 0;
                for (int lane = 0; lane < n; lane++) {
                    if (r.present[lane] && (r.mask[lane] >>> lane & 1) != 0 && r.value[lane] != 0) {
                        votes |= 1L << lane;
                    }
                }
                for (int lane = 0; lane < n; lane++) {
                    long inMask = r.mask[lane] & members;
                    r.result[lane] = switch (r.kind) {
                        case BALLOT -> votes & 0xFFFFFFFFL;
                        case ANY -> (votes & inMask) != 0 ? 1 : 0;
                        default -> (votes & inMask) == inMask ? 1 : 0;
                    };
                }
            }
            case ACTIVEMASK, SYNCWARP, SYNC -> {
                for (int lane = 0; lane < n; lane++) {
                    r.result[lane] = members & 0xFFFFFFFFL;
                }
            }
            case MATCH_ANY, MATCH_ALL -> {
                for (int lane = 0; lane < n; lane++) {
                    if (!r.present[lane]) {
                        continue;
                    }
                    long inMask = r.mask[lane] & members;
                    long same = 0;
                    boolean all = true;
                    for (int other = 0; other < n; other++) {
                        if ((inMask >>> other & 1) != 0) {
                            if (r.value[other] == r.value[lane]) {
                                same |= 1L << other;
                            } else {
                                all = false;
                            }
                        }
                    }
                    if (r.kind == MATCH_ANY) {
                        r.result[lane] = same;
                    } else {
                        r.result[lane] = all ? inMask : 0;
                        r.arg[lane] = all ? 1 : 0;
                    }
                }
            }
            case REDUCE_ADD, REDUCE_MIN, REDUCE_MAX, REDUCE_AND, REDUCE_OR, REDUCE_XOR -> {
                for (int lane = 0; lane < n; lane++) {
                    if (!r.present[lane]) {
                        continue;
                    }
                    long inMask = r.mask[lane] & members;
                    long acc = r.kind == REDUCE_AND ? -1 : r.kind == REDUCE_MIN ? (r.signed ? Integer.MAX_VALUE : 0xFFFFFFFFL)
                            : r.kind == REDUCE_MAX ? (r.signed ? Integer.MIN_VALUE : 0) : 0;
                    for (int other = 0; other < n; other++) {
                        if ((inMask >>> other & 1) == 0) {
                            continue;
                        }
                        long v = r.value[other];
                        acc = switch (r.kind) {
                            case REDUCE_ADD -> acc + v;
                            case REDUCE_MIN -> Math.min(acc, v);
                            case REDUCE_MAX -> Math.max(acc, v);
                            case REDUCE_AND -> acc & v;
                            case REDUCE_OR -> acc | v;
                            default -> acc ^ v;
                        };
                    }
                    r.result[lane] = acc;
                }
            }
            case SYNC_COUNT, SYNC_AND, SYNC_OR -> {
                int count = 0;
                int live = 0;
                for (int i = 0; i < n; i++) {
                    if (r.present[i]) {
                        live++;
                        if (r.value[i] != 0) {
                            count++;
                        }
                    }
                }
                long v = r.kind == SYNC_COUNT ? count : r.kind == SYNC_AND ? (count == live ? 1 : 0) : (count > 0 ? 1 : 0);
                for (int i = 0; i < n; i++) {
                    r.result[i] = v;
                }
            }
            default -> {
            }
        }
    }
}
