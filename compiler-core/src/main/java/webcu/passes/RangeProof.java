package webcu.passes;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;
import webcu.ir.Local;

/**
 * What a launch must satisfy for none of a kernel's bounds checks to fail ({@link AccessRanges}):
 * a list of inequalities between terms over values known when the kernel is launched. Where all
 * of them hold, every index the kernel computes stays inside its binding, no 32-bit operation on
 * the way wraps, and the runtime may run the pipeline whose checks are folded away
 * ({@link #constant} false). docs/bounds-checks.md.
 *
 * <p>Terms are exact integers. The runtime evaluates them in doubles ({@link #evaluate}): every
 * value is checked to stay below 2^53, where doubles are exact, and one that does not (or a
 * division by zero) makes its inequality false, so the launch keeps its checks. Doubles, not longs:
 * longs are BigInts in the page's JavaScript build, and this runs at every launch.
 *
 * @param constant the pipeline constant that turns the checks off: the WGSL override's name or
 *     the SPIR-V SpecId in decimal
 * @param facts the inequalities, each {@code left <= right}
 */
public record RangeProof(String constant, List<LessEq> facts) {
    public RangeProof {
        facts = List.copyOf(facts);
    }

    /** An exact integer computed from the launch. */
    public sealed interface Term {
    }

    public record Const(long value) implements Term {
    }

    /** A kernel's scalar argument or hidden offset, before the writer places it in the uniform buffer. */
    public record Value(Local local, boolean signed) implements Term {
    }

    /** The 32-bit word at byte {@code offset} of the launch's uniform buffer (the grid, scalars, hidden offsets). */
    public record Uniform(int offset, boolean signed) implements Term {
    }

    /** blockDim ({@code what} 0) or the dispatch's workgroup count (1), component {@code axis}. */
    public record Launch(int what, int axis) implements Term {
    }

    /** The elements of binding {@code binding} (the index into the layout's buffers): its bytes / {@code elementSize}. */
    public record Length(int binding, int elementSize) implements Term {
    }

    /** {@code op} one of + - * / (floor, non-negative operands) min max. */
    public record Op(String op, Term left, Term right) implements Term {
    }

    public record LessEq(Term left, Term right) {
    }

    /** The launch a proof is evaluated for. */
    public record Context(byte[] uniform, int uniformAt, int[] block, int[] dispatch, double[] bindingBytes) {
    }

    /** This proof with every {@link Value} replaced by its uniform word's byte offset. */
    public RangeProof resolve(ToIntFunction<Local> offsetOf) {
        List<LessEq> out = new ArrayList<>();
        for (LessEq f : facts) {
            out.add(new LessEq(resolve(f.left(), offsetOf), resolve(f.right(), offsetOf)));
        }
        return new RangeProof(constant, out);
    }

    private static Term resolve(Term t, ToIntFunction<Local> offsetOf) {
        return switch (t) {
            case Value v -> new Uniform(offsetOf.applyAsInt(v.local()), v.signed());
            case Op o -> new Op(o.op(), resolve(o.left(), offsetOf), resolve(o.right(), offsetOf));
            default -> t;
        };
    }

    /** Whether every inequality holds for launch {@code c}. */
    public boolean holds(Context c) {
        for (LessEq f : facts) {
            double l = evaluate(f.left(), c);
            double r = evaluate(f.right(), c);
            if (!(l <= r)) {
                return false;
            }
        }
        return true;
    }

    private static final double EXACT = 9007199254740992.0;

    /** The exact value of {@code t}, or NaN where it is not exact in a double or has no value. */
    static double evaluate(Term t, Context c) {
        double v = switch (t) {
            case Const k -> k.value();
            case Uniform u -> {
                int at = c.uniformAt() + u.offset();
                byte[] b = c.uniform();
                int w = (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16 | (b[at + 3] & 0xFF) << 24;
                yield u.signed() ? w : w >= 0 ? w : w + 4294967296.0;
            }
            case Launch l -> {
                int w = (l.what() == 0 ? c.block() : c.dispatch())[l.axis()];
                yield w >= 0 ? w : w + 4294967296.0;
            }
            case Length n -> n.binding() < c.bindingBytes().length
                    ? Math.floor(c.bindingBytes()[n.binding()] / n.elementSize()) : Double.NaN;
            case Op o -> {
                double a = evaluate(o.left(), c);
                double b = evaluate(o.right(), c);
                yield switch (o.op()) {
                    case "+" -> a + b;
                    case "-" -> a - b;
                    case "*" -> a * b;
                    case "/" -> a >= 0 && b > 0 ? Math.floor(a / b) : Double.NaN;
                    case "min" -> Math.min(a, b);
                    case "max" -> Math.max(a, b);
                    default -> Double.NaN;
                };
            }
            case Value x -> Double.NaN;
        };
        return v > -EXACT && v < EXACT ? v : Double.NaN;
    }

    /** The proof as text, one inequality a line (tests, docs). */
    public String text() {
        StringBuilder out = new StringBuilder();
        for (LessEq f : facts) {
            out.append(text(f.left())).append(" <= ").append(text(f.right())).append('\n');
        }
        return out.toString();
    }

    static String text(Term t) {
        return switch (t) {
            case Const k -> Long.toString(k.value());
            case Value v -> "%" + v.local().name();
            case Uniform u -> "uniform[" + u.offset() + "]";
            case Launch l -> (l.what() == 0 ? "blockDim." : "workgroupCount.") + "xyz".charAt(l.axis());
            case Length n -> "length(" + n.binding() + ")";
            case Op o -> o.op().length() > 1 ? o.op() + "(" + text(o.left()) + ", " + text(o.right()) + ")"
                    : "(" + text(o.left()) + " " + o.op() + " " + text(o.right()) + ")";
        };
    }
}
