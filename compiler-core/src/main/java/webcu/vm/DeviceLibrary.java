package webcu.vm;

import java.util.HashMap;
import webcu.ir.Function;
import webcu.ir.Type;
import webcu.runtime.ByteOut;
import webcu.runtime.Printf;

/**
 * The functions device code calls that the CPU device implements in Java: printf (formatted at the
 * call, buffered until the host synchronizes, as CUDA's printf FIFO), assert and __trap (which
 * stop the kernel and make the device report the error), atomics (plain read-modify-write: the
 * threads of the emulator never run at the same time), clock.
 */
final class DeviceLibrary implements NativeLibrary {
    private static final int PRINTF = 1, ASSERT_FAIL = 2, CUDA_ASSERT_FAIL = 3, TRAP = 4, CLOCK = 5;
    /** Atomic ids: op << 4 | the Ext kind of the value. */
    private static final int A_ADD = 1, A_SUB = 2, A_EXCH = 3, A_MIN = 4, A_MAX = 5, A_INC = 6, A_DEC = 7, A_CAS = 8,
            A_AND = 9, A_OR = 10, A_XOR = 11;
    private static final int ATOMIC = 1 << 8;

    private static final HashMap<String, Integer> ATOMICS = new HashMap<>();

    static {
        String[] names = {"atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax", "atomicInc", "atomicDec",
            "atomicCAS", "atomicAnd", "atomicOr", "atomicXor"};
        for (int i = 0; i < names.length; i++) {
            ATOMICS.put(names[i], i + 1);
            ATOMICS.put(names[i] + "_block", i + 1);
            ATOMICS.put(names[i] + "_system", i + 1);
        }
    }

    /** Collective ids: COLLECTIVE | kind << 16 | FLOAT_VALUE / SIGNED / SINGLE flags. */
    private static final int COLLECTIVE = 1 << 12, FLOAT_VALUE = 1, SIGNED = 2, SINGLE = 4;
    private static final int MEMCPY = 6, MEMSET = 7;
    private static final HashMap<String, Integer> COLLECTIVES = new HashMap<>();

    static {
        String[] shfl = {"__webcu_shfl_", "__webcu_shfl_up_", "__webcu_shfl_down_", "__webcu_shfl_xor_"};
        for (int k = 0; k < shfl.length; k++) {
            COLLECTIVES.put(shfl[k], Collectives.SHFL + k);
        }
        COLLECTIVES.put("__ballot_sync", Collectives.BALLOT);
        COLLECTIVES.put("__any_sync", Collectives.ANY);
        COLLECTIVES.put("__all_sync", Collectives.ALL);
        COLLECTIVES.put("__activemask", Collectives.ACTIVEMASK);
        COLLECTIVES.put("__syncwarp", Collectives.SYNCWARP);
        COLLECTIVES.put("__webcu_match_any_", Collectives.MATCH_ANY);
        COLLECTIVES.put("__webcu_match_all_", Collectives.MATCH_ALL);
        COLLECTIVES.put("__webcu_reduce_add_", Collectives.REDUCE_ADD);
        COLLECTIVES.put("__webcu_reduce_min_", Collectives.REDUCE_MIN);
        COLLECTIVES.put("__webcu_reduce_max_", Collectives.REDUCE_MAX);
        COLLECTIVES.put("__reduce_and_sync", Collectives.REDUCE_AND);
        COLLECTIVES.put("__reduce_or_sync", Collectives.REDUCE_OR);
        COLLECTIVES.put("__reduce_xor_sync", Collectives.REDUCE_XOR);
        COLLECTIVES.put("__syncthreads_count", Collectives.SYNC_COUNT);
        COLLECTIVES.put("__syncthreads_and", Collectives.SYNC_AND);
        COLLECTIVES.put("__syncthreads_or", Collectives.SYNC_OR);
        COLLECTIVES.put("__syncthreads", Collectives.SYNC);
    }

    private final ByteOut printfBuffer;
    private final Interpreter[] clockSource;
    private final Collectives collectives;

    DeviceLibrary(ByteOut printfBuffer, Interpreter[] clockSource) {
        this(printfBuffer, clockSource, new Collectives());
    }

    DeviceLibrary(ByteOut printfBuffer, Interpreter[] clockSource, Collectives collectives) {
        this.printfBuffer = printfBuffer;
        this.clockSource = clockSource;
        this.collectives = collectives;
    }

    /** The collective for a name like __webcu_shfl_down_f32 or __ballot_sync, with its value flags; -1 if none. */
    private static int collective(String n) {
        Integer k = COLLECTIVES.get(n);
        int flags = 0;
        if (k == null && n.startsWith("__webcu_") && n.lastIndexOf('_') > 8) {
            String type = n.substring(n.lastIndexOf('_') + 1);
            k = COLLECTIVES.get(n.substring(0, n.lastIndexOf('_') + 1));
            switch (type) {
                case "f32" -> flags = FLOAT_VALUE | SINGLE;
                case "f64" -> flags = FLOAT_VALUE;
                case "i32", "i64" -> flags = SIGNED;
                default -> flags = 0;
            }
        }
        return k == null ? -1 : COLLECTIVE | k << 16 | flags;
    }

    @Override
    public int lookup(Function f) {
        String n = NativeLibrary.cName(f);
        switch (n) {
            case "printf":
                return PRINTF;
            case "__assert_fail":
                return ASSERT_FAIL;
            case "__assertfail":
                return CUDA_ASSERT_FAIL;
            case "__trap":
            case "abort":
                return TRAP;
            case "clock":
            case "clock64":
                return CLOCK;
            case "memcpy":
                return MEMCPY;
            case "memset":
                return MEMSET;
            default:
                break;
        }
        int c = collective(n);
        if (c >= 0) {
            return c;
        }
        // The headers name each overload __webcu_atomicAdd_i32 and so on; the pointee type says which.
        if (n.startsWith("__webcu_atomic") && n.lastIndexOf('_') > 8) {
            n = n.substring(8, n.lastIndexOf('_'));
        }
        Integer op = ATOMICS.get(n);
        if (op != null && !f.params().isEmpty() && f.params().get(0).type() instanceof Type.Ptr p) {
            int kind = Ext.of(p.pointee());
            if (kind != Ext.NONE && kind != Ext.BOOL) {
                return ATOMIC | op << 4 | kind;
            }
        }
        return -1;
    }

    @Override
    public int call(int id, VmThread t) {
        if ((id & COLLECTIVE) != 0) {
            return collective((id >> 16) & 0x1F, id & 0xF, t);
        }
        if ((id & ATOMIC) != 0) {
            atomic((id >> 4) & 0xF, id & 0xF, t);
            return CONTINUE;
        }
        Memory mem = t.memory();
        switch (id) {
            case MEMCPY -> {
                mem.copy(t.argI(0), t.argI(1), t.argI(2));
                t.returnI(t.argI(0));
            }
            case MEMSET -> {
                mem.fill(t.argI(0), (int) t.argI(1), t.argI(2));
                t.returnI(t.argI(0));
            }
            case PRINTF -> {
                int n = Printf.format(mem.cstring(t.argI(0), Integer.MAX_VALUE), new HostLibrary.VarArgs(t, 1),
                        printfBuffer);
                t.returnI(n);
            }
            case ASSERT_FAIL, CUDA_ASSERT_FAIL -> {
                String expr = mem.cstringText(t.argI(0));
                String file = mem.cstringText(t.argI(1));
                long line = t.argI(2) & 0xFFFFFFFFL;
                String func = mem.cstringText(t.argI(3));
                String msg = file + ":" + line + ": " + func + ": block: [" + t.builtin(3) + "," + t.builtin(4) + ","
                        + t.builtin(5) + "], thread: [" + t.builtin(0) + "," + t.builtin(1) + "," + t.builtin(2)
                        + "] Assertion `" + expr + "` failed.";
                throw new VmFault(VmFault.ASSERT, 710, msg, "", true);
            }
            case TRAP -> throw new VmFault(VmFault.TRAP, 719, "__trap() was called", "");
            case CLOCK -> t.returnI(clockSource[0] == null ? 0 : clockSource[0].executed());
            default -> throw new VmFault(VmFault.TRAP, 0, "internal error: device library function " + id, "");
        }
        return CONTINUE;
    }

    /** Joins the thread's warp (or block) at a collective; the result arrives when all have come. */
    private int collective(int kind, int flags, VmThread t) {
        Collectives.Rendezvous r = collectives.join(t, kind);
        int i = Collectives.index(t, kind);
        r.present[i] = true;
        boolean floating = (flags & FLOAT_VALUE) != 0;
        r.floating = floating;
        r.signed = (flags & SIGNED) != 0;
        long pred = 0;
        switch (kind) {
            case Collectives.SHFL, Collectives.SHFL_UP, Collectives.SHFL_DOWN, Collectives.SHFL_XOR -> {
                if (floating) {
                    r.fvalue[i] = t.argF(1);
                } else {
                    r.value[i] = t.argI(1);
                }
                r.arg[i] = t.argI(2);
                r.mask[i] = t.argCount() > 3 ? t.argI(3) : Collectives.WARP;
            }
            case Collectives.ACTIVEMASK -> r.mask[i] = 0xFFFFFFFFL;
            case Collectives.SYNCWARP -> r.mask[i] = t.argCount() > 0 ? t.argI(0) & 0xFFFFFFFFL : 0xFFFFFFFFL;
            case Collectives.SYNC_COUNT, Collectives.SYNC_AND, Collectives.SYNC_OR -> r.value[i] = t.argI(0);
            case Collectives.SYNC -> {
            }
            default -> {
                r.mask[i] = t.argI(0) & 0xFFFFFFFFL;
                if (floating) {
                    double v = t.argF(1);
                    r.value[i] = (flags & SINGLE) != 0 ? Float.floatToRawIntBits((float) v) : Double.doubleToRawLongBits(v);
                } else {
                    r.value[i] = t.argI(1);
                }
                if (kind == Collectives.MATCH_ALL) {
                    pred = t.argI(2);
                }
            }
        }
        boolean shuffle = kind <= Collectives.SHFL_XOR;
        long predAddress = pred;
        t.block(r.done, th -> {
            if (shuffle && r.floating) {
                th.returnF(r.fresult[i]);
            } else {
                th.returnI(r.result[i]);
            }
            if (predAddress != 0) {
                th.memory().writeI32(predAddress, (int) r.arg[i]);
            }
        });
        return BLOCK;
    }

    private static int bytes(int kind) {
        return switch (kind) {
            case Ext.S8, Ext.U8 -> 1;
            case Ext.S16, Ext.U16 -> 2;
            case Ext.S32, Ext.U32, Ext.F32 -> 4;
            default -> 8;
        };
    }

    private static void atomic(int op, int kind, VmThread t) {
        Memory mem = t.memory();
        long a = t.argI(0);
        int n = bytes(kind);
        Segment s = mem.check(a, n, true);
        int o = (int) (a - s.base);
        byte[] d = s.data;
        long raw = switch (n) {
            case 1 -> d[o];
            case 2 -> (d[o] & 0xFF) | d[o + 1] << 8;
            case 4 -> Memory.getI32(d, o);
            default -> Memory.getI64(d, o);
        };
        long result;
        if (Ext.isFloat(kind)) {
            double old = kind == Ext.F32 ? Float.intBitsToFloat((int) raw) : Double.longBitsToDouble(raw);
            double v = t.argF(1);
            double nv = switch (op) {
                case A_ADD -> old + v;
                case A_SUB -> old - v;
                case A_EXCH -> v;
                case A_MIN -> Math.min(old, v);
                case A_MAX -> Math.max(old, v);
                default -> old;
            };
            result = kind == Ext.F32 ? Float.floatToRawIntBits((float) nv) : Double.doubleToRawLongBits(nv);
            t.returnF(kind == Ext.F32 ? (double) (float) old : old);
        } else {
            long old = Ext.normalize(kind, raw);
            long v = Ext.normalize(kind, t.argI(1));
            boolean unsigned = kind == Ext.U8 || kind == Ext.U16 || kind == Ext.U32 || kind == Ext.U64;
            result = switch (op) {
                case A_ADD -> old + v;
                case A_SUB -> old - v;
                case A_EXCH -> v;
                case A_MIN -> (unsigned ? Long.compareUnsigned(old, v) <= 0 : old <= v) ? old : v;
                case A_MAX -> (unsigned ? Long.compareUnsigned(old, v) >= 0 : old >= v) ? old : v;
                case A_INC -> Long.compareUnsigned(old, v) >= 0 ? 0 : old + 1;
                case A_DEC -> old == 0 || Long.compareUnsigned(old, v) > 0 ? v : old - 1;
                case A_CAS -> old == v ? Ext.normalize(kind, t.argI(2)) : old;
                case A_AND -> old & v;
                case A_OR -> old | v;
                default -> old ^ v;
            };
            t.returnI(old);
        }
        switch (n) {
            case 1 -> d[o] = (byte) result;
            case 2 -> {
                d[o] = (byte) result;
                d[o + 1] = (byte) (result >> 8);
            }
            case 4 -> Memory.putI32(d, o, (int) result);
            default -> Memory.putI64(d, o, result);
        }
    }
}
