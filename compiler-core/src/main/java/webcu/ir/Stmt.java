package webcu.ir;

import java.util.List;
import webcu.diag.Span;

/**
 * Statements: effects and structured control flow. Every statement keeps the span of the source
 * construct it came from, so a runtime fault or a pass's error can name the line.
 */
public sealed interface Stmt {
    Span span();

    record Block(List<Stmt> stmts, Span span) implements Stmt {
        public Block {
            stmts = List.copyOf(stmts);
        }

        public static Block empty(Span span) {
            return new Block(List.of(), span);
        }
    }

    /** Sets a non-addressable local. */
    record Assign(Local target, Expr value, Span span) implements Stmt {}

    /** Writes {@code value} (scalar, struct or array) to the memory at {@code address}. */
    record Store(Expr address, Expr value, Span span) implements Stmt {}

    /**
     * Writes {@code value} (a scalar of 1, 2, 4 or 8 bytes; a bool is one byte) at byte
     * {@code byteIndex} of a word view, its first word {@code word}, as {@link Expr.WordLoad}
     * reads it: a 4-byte value is one word, an 8-byte one two (low first). A 1- or 2-byte value
     * changes only its own bits of its word, with an atomic and (clearing them) and an atomic or
     * (setting them), so that the word's other bytes, which other threads may be writing, survive.
     */
    record WordStore(Expr words, Expr byteIndex, Expr word, Expr value, Span span) implements Stmt {}

    /**
     * A 64-bit integer atomic {@code op} (ADD, SUB, AND, OR or XOR) of {@code value} on a word
     * view's place {@code address} (an {@link Expr.WordAddr} of an i64 or u64, its type) done as
     * two 32-bit atomics, for a target without 64-bit atomics there: first {@code op} of the
     * value's low word on the place's first word, then {@code op} on the next word of the value's
     * high word plus, for ADD, the carry of the first (its old value plus the low word wraps) and,
     * for SUB, the borrow (its old value is below the low word). Each word is atomic, the pair is
     * not: a reader between the two may see the low word changed alone. {@code result}, when not
     * null, gets the two words' old values, low first. Made by {@code webcu.passes.WordAtomics}.
     */
    record AtomicHalves(Local result, BinaryOp op, Expr address, Expr value, Span span) implements Stmt {}

    /** Calls a function; the result, if any and if wanted, goes to {@code result}. */
    record Call(Local result, Function callee, List<Expr> args, Span span) implements Stmt {
        public Call {
            args = List.copyOf(args);
        }
    }

    record If(Expr cond, Block then, Block otherwise, Span span) implements Stmt {}

    /**
     * Repeats {@code body} then {@code continuing} until a {@link Break}, or until
     * {@code breakIf} (evaluated after {@code continuing}, may be null) is true. {@link Continue}
     * in the body jumps to {@code continuing}. WGSL's loop statement has the same shape.
     */
    record Loop(Block body, Block continuing, Expr breakIf, Span span) implements Stmt {}

    /**
     * Runs the body of the case whose values contain the selector's, else the default case's.
     * There is no fall-through: the front end has already copied what falls through.
     */
    record Switch(Expr selector, List<Case> cases, Span span) implements Stmt {
        public Switch {
            cases = List.copyOf(cases);
        }
    }

    /** One arm of a switch; {@code values} is empty for {@code default} only. */
    record Case(List<Long> values, boolean isDefault, Block body) {
        public Case {
            values = List.copyOf(values);
        }
    }

    record Break(Span span) implements Stmt {}

    record Continue(Span span) implements Stmt {}

    record Return(Expr value, Span span) implements Stmt {}

    /** {@code __syncthreads()}: every thread of the block waits; shared and global memory are visible after it. */
    record Barrier(Span span) implements Stmt {}

    /**
     * {@code kernel<<<grid, block, sharedBytes, stream>>>(args)}: grid and block are three u32 each,
     * sharedBytes a u64, stream a pointer (null for the default stream).
     */
    record Launch(Function kernel, List<Expr> grid, List<Expr> block, Expr sharedBytes, Expr stream,
                  List<Expr> args, Span span) implements Stmt {
        public Launch {
            grid = List.copyOf(grid);
            block = List.copyOf(block);
            args = List.copyOf(args);
        }
    }

    /**
     * The expression trees a statement evaluates itself, in evaluation order; nested blocks are
     * not included (their statements have roots of their own).
     */
    static List<Expr> roots(Stmt s) {
        return switch (s) {
            case Assign a -> List.of(a.value());
            case Store st -> List.of(st.address(), st.value());
            case WordStore w -> List.of(w.words(), w.byteIndex(), w.word(), w.value());
            case AtomicHalves a -> List.of(a.address(), a.value());
            case Call c -> c.args();
            case If i -> List.of(i.cond());
            case Loop l -> l.breakIf() == null ? List.of() : List.of(l.breakIf());
            case Switch sw -> List.of(sw.selector());
            case Return r -> r.value() == null ? List.of() : List.of(r.value());
            case Launch l -> {
                List<Expr> all = new java.util.ArrayList<>(l.grid());
                all.addAll(l.block());
                if (l.sharedBytes() != null) {
                    all.add(l.sharedBytes());
                }
                if (l.stream() != null) {
                    all.add(l.stream());
                }
                all.addAll(l.args());
                yield all;
            }
            case Block b -> List.of();
            case Break b -> List.of();
            case Continue c -> List.of();
            case Barrier b -> List.of();
        };
    }
}
