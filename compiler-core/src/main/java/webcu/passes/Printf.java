package webcu.passes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import webcu.diag.DiagKey;
import webcu.diag.Span;
import webcu.ir.BinaryOp;
import webcu.ir.ExecutionSpace;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.passes.DebugBuffer.Arg;

/**
 * Turns device {@code printf} into records appended to the debug buffer, which the host formats
 * after the kernel, in the order the records were appended.
 *
 * <p>CUDA feature: {@code printf} in kernels and device functions, with a literal format and any
 * arguments C's varargs promote to: integers of every width, doubles (floats are promoted), string
 * literals and {@code char *} strings in device memory.
 *
 * <p>Why WebGPU needs it: WGSL has no output; a kernel can only write buffers. Like CUDA's own
 * printf FIFO, each call reserves a record with an atomic add on a cursor and writes the format
 * id and the arguments' bits; the host formats them with the VM's printf (glibc's output) when it
 * next synchronizes. A record that does not fit is counted, not written, and the host reports
 * the overflow.
 *
 * <p>Expects: inlined kernels (before {@link MemoryModel}, which gives the buffer's accesses their
 * canonical form). Guarantees afterwards: no call of {@code printf} remains in kernels; the
 * formats and literals are in {@link DeviceModule#debug()}. A format that is not a string
 * literal is rejected.
 *
 * <p>chipStar twin: HipPrintf.
 */
public final class Printf implements DevicePass {
    @Override
    public String name() {
        return "Printf";
    }

    @Override
    public void run(DeviceModule m) {
        for (Function k : m.kernels()) {
            if (Analysis.calls(k, "printf")) {
                new State(m, k).run();
            }
        }
    }

    private static final class State {
        final DeviceModule m;
        final Function k;
        final Global debug;

        State(DeviceModule m, Function k) {
            this.m = m;
            this.k = k;
            this.debug = DebugBuffer.global(m.module());
        }

        void run() {
            k.setBody(new Rewriter() {
                @Override
                protected List<Stmt> stmt(Stmt s) {
                    if (s instanceof Stmt.Call c && c.callee().isExternal() && Analysis.cudaName(c.callee().name()).equals("printf")) {
                        return record(c);
                    }
                    return super.stmt(s);
                }
            }.block(k.body()));
        }

        private List<Stmt> record(Stmt.Call c) {
            Span at = c.span();
            byte[] format = c.args().isEmpty() ? null : Analysis.literal(c.args().get(0));
            if (format == null) {
                m.reject(k, at, DiagKey.ERR_NOT_SUPPORTED_WEBGPU, "printf with a format that is not a string literal");
                return List.of(c);
            }
            List<Arg> kinds = new ArrayList<>();
            List<Expr> values = new ArrayList<>();
            int words = 2;
            for (int i = 1; i < c.args().size(); i++) {
                Expr a = c.args().get(i);
                Arg kind = kind(a);
                if (kind == null) {
                    m.reject(k, at, DiagKey.ERR_NOT_SUPPORTED_WEBGPU, "printf arguments of type " + TypeNames.c(a.type()));
                    return List.of(c);
                }
                kinds.add(kind);
                values.add(a);
                words += switch (kind) {
                    case I64, U64, F64 -> 2;
                    case STRING -> DebugBuffer.STRING_WORDS;
                    default -> 1;
                };
            }
            int id = m.debug().addFormat(new DebugBuffer.Format(format, kinds));
            Local off = k.newLocal("printf.offset", Type.U32, false);
            List<Stmt> out = new ArrayList<>();
            out.add(Build.call(off, Build.atomicU32(m, "Add"), List.of(Build.debugWord(debug, Build.u32(DebugBuffer.CURSOR)), Build.u32(words)), at));
            Expr base = Build.add(Build.get(off), Build.u32(DebugBuffer.PRINTF_BASE));
            List<Stmt> write = new ArrayList<>();
            write.add(store(base, 0, Build.u32(id + 1), at));
            write.add(store(base, 1, Build.u32(words), at));
            int w = 2;
            for (int i = 0; i < values.size(); i++) {
                Expr v = values.get(i);
                switch (kinds.get(i)) {
                    case I32, U32 -> {
                        write.add(store(base, w, Build.as(Type.U32, v), at));
                        w++;
                    }
                    case I64, U64, F64 -> {
                        Expr bits = v;
                        if (kinds.get(i) == Arg.F64) {
                            Local b = k.newLocal("printf.bits", Type.I64, false);
                            write.add(Build.call(b, Build.external(m, "__double_as_longlong", Type.I64, Type.F64), List.of(v), at));
                            bits = Build.get(b);
                        }
                        write.add(store(base, w, new Expr.Convert(Type.U32, bits), at));
                        write.add(store(base, w + 1, new Expr.Convert(Type.U32,
                                new Expr.Binary(BinaryOp.SHR, bits, Build.u32(32), bits.type())), at));
                        w += 2;
                    }
                    case LITERAL -> {
                        write.add(store(base, w, literalId(v), at));
                        w++;
                    }
                    case STRING -> {
                        write.addAll(copyString(v, base, w, at));
                        w += DebugBuffer.STRING_WORDS;
                    }
                }
            }
            Expr fits = Build.bin(BinaryOp.LE, Build.add(Build.get(off), Build.u32(words)),
                    Build.u32(DebugBuffer.WORDS - DebugBuffer.PRINTF_BASE));
            Stmt overflow = Build.call(null, Build.atomicU32(m, "Add"), List.of(Build.debugWord(debug, Build.u32(DebugBuffer.OVERFLOW)), Build.u32(1)),
                    at);
            out.add(new Stmt.If(fits, Build.block(write, at), Build.block(List.of(overflow), at), at));
            if (c.result() != null) {
                out.add(Build.assign(c.result(), Build.i32(format.length), at));
            }
            return out;
        }

        private Stmt store(Expr base, int w, Expr value, Span at) {
            return new Stmt.Store(Build.debugWord(debug, Build.add(base, Build.u32(w))), value, at);
        }

        /** Copies a device string byte by byte (one per word) until its NUL, at most STRING_WORDS - 1 bytes. */
        private List<Stmt> copyString(Expr p, Expr base, int w, Span at) {
            Local i = k.newLocal("printf.i", Type.I32, false);
            Local ch = k.newLocal("printf.char", Type.I8, false);
            Type.Ptr charPtr = Type.ptr(Type.I8);
            Expr chars = p.type().equals(charPtr) ? p : new Expr.Convert(charPtr, p);
            List<Stmt> body = new ArrayList<>();
            body.add(new Stmt.If(Build.bin(BinaryOp.GE, Build.get(i), Build.i32(DebugBuffer.STRING_WORDS - 1)),
                    Build.block(List.of(new Stmt.Break(at)), at), Stmt.Block.empty(at), at));
            body.add(Build.assign(ch, new Expr.Load(new Expr.PtrAdd(chars, Build.get(i))), at));
            body.add(new Stmt.Store(Build.debugWord(debug, Build.add(Build.add(base, Build.u32(w)), new Expr.Convert(Type.U32, Build.get(i)))),
                    new Expr.Convert(Type.U32, Build.get(ch)), at));
            body.add(new Stmt.If(Build.bin(BinaryOp.EQ, Build.get(ch), new Expr.IntConst(Type.I8, 0)),
                    Build.block(List.of(new Stmt.Break(at)), at), Stmt.Block.empty(at), at));
            Stmt.Block cont = Build.block(List.of(Build.assign(i, Build.bin(BinaryOp.ADD, Build.get(i), Build.i32(1)), at)), at);
            List<Stmt> out = new ArrayList<>();
            out.add(Build.assign(i, Build.i32(0), at));
            out.add(new Stmt.Loop(Build.block(body, at), cont, null, at));
            // a string that did not end in time still ends in the record
            out.add(store(base, w + DebugBuffer.STRING_WORDS - 1, Build.u32(0), at));
            return out;
        }

        /** The string-table id of a literal, or of the literal a select of literals picks. */
        private Expr literalId(Expr v) {
            if (v instanceof Expr.Select sel) {
                return new Expr.Select(sel.cond(), literalId(sel.ifTrue()), literalId(sel.ifFalse()));
            }
            return Build.u32(m.debug().addString(Analysis.literal(v)));
        }

        private static boolean isLiteral(Expr v) {
            return v instanceof Expr.Select sel ? isLiteral(sel.ifTrue()) && isLiteral(sel.ifFalse()) : Analysis.literal(v) != null;
        }

        private static Arg kind(Expr a) {
            return switch (a.type()) {
                case Type.Int i when i.bits() == 64 -> i.signed() ? Arg.I64 : Arg.U64;
                case Type.Int i -> i.signed() ? Arg.I32 : Arg.U32;
                case Type.Bool b -> Arg.U32;
                case Type.Float f when f.bits() == 64 -> Arg.F64;
                case Type.Ptr p when isLiteral(a) -> Arg.LITERAL;
                case Type.Ptr p when p.pointee() instanceof Type.Int i && i.bits() == 8 -> Arg.STRING;
                default -> null;
            };
        }
    }
}
