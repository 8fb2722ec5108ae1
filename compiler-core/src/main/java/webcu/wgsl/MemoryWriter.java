package webcu.wgsl;

import static webcu.wgsl.WgslWriter.atomicScalar;
import static webcu.wgsl.WgslWriter.isWide;
import static webcu.wgsl.WgslWriter.signed;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.InternalCompilerError;
import webcu.ir.Expr;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.passes.DebugBuffer;

/**
 * Prints a kernel's memory accesses from {@code MemoryModel}'s canonical addresses: references into
 * typed arrays (storage bindings, workgroup variables, locals, fields and elements), the word
 * accesses {@code WordAccesses} made of byte accesses to word views, and atomics. A storage
 * binding's index is checked where {@code CheckedAccesses} made it an {@code Expr.CheckedIndex}:
 * {@code webcu_checked}, or {@code webcu_checked_word} for the word of a word access.
 *
 * <p>Word views (word bindings, the dynamic shared memory) are {@code array<u32>}: a word load
 * prints as a word, two words, or a byte or half-word extracted with shifts; a word store as a
 * word, two words, or {@code atomicAnd}/{@code atomicOr} on the word, as the forms' semantics say.
 */
final class MemoryWriter extends KernelPart {
    /** The module writer, by a name the word accesses' {@code w} does not hide. */
    private final WgslWriter mod;

    MemoryWriter(KernelWriter kw) {
        super(kw);
        this.mod = kw.w;
    }

    /**
     * An array the kernel addresses through pointers: a storage binding, or the dynamic shared
     * memory (words, addressed by byte). {@code element} is the WGSL element's IR type (u8 for words).
     */
    record Bound(String name, boolean words, boolean atomic, Type element, boolean checked) {
    }

    /**
     * A WGSL reference: its text ({@code a[i].x}), the IR type held there, and whether it is
     * {@code atomic<…>}.
     */
    record Ref(String text, Type held, boolean atomic) {
    }

    /**
     * A word access ({@code Expr.WordLoad}, {@code Stmt.WordStore}, {@code Expr.WordAddr}) as WGSL
     * text: the byte index, the type accessed, and the index of its first word.
     */
    record WordRef(Bound bound, String byteIndex, Type type, String wordIndex) {
    }
    private static Type pointee(Type t) {
        return ((Type.Ptr) t).pointee();
    }

    /** Resolves a canonical address into a reference or a word access. */
    Object resolve(Expr a) {
        return resolve(a, false);
    }

    private Object resolve(Expr a, boolean write) {
        switch (a) {
            case Expr.WordAddr w -> {
                return wordRef(w.words(), w.byteIndex(), w.word(), pointee(w.type()));
            }
            case Expr.Convert c -> {
                Object inner = resolve(c.value(), write);
                if (inner instanceof Ref r) {
                    return new Ref(r.text(), r.held(), r.atomic());
                }
                Type outer = pointee(c.type());
                if (inner instanceof WordRef w && outer.size() == w.type().size() && !(outer instanceof Type.Struct)
                        && !(outer instanceof Type.Array)) {
                    // a word reinterpreted (an i32 read as u32 by an atomic's CAS loop): the outer type is read
                    return new WordRef(w.bound(), w.byteIndex(), outer, w.wordIndex());
                }
                return inner;
            }
            case Expr.PtrAdd pa -> {
                Bound b = bound(pa.base());
                if (b == null || b.words()) {
                    throw new InternalCompilerError("WGSL writer: address " + webcu.ir.IrPrinter.expr(a)
                            + " is not in MemoryModel's canonical form");
                }
                return new Ref(b.name() + "[" + index(pa.index()) + "]", b.element(), b.atomic());
            }
            case Expr.LocalAddr l -> {
                return new Ref(local(l.local()), l.local().type(), false);
            }
            case Expr.GlobalAddr g -> {
                String n = mod.globalNames.get(g.global());
                if (n == null) {
                    throw new InternalCompilerError("WGSL writer: global " + g.global() + " has no WGSL variable");
                }
                return new Ref(n, g.global().type(), mod.dm.isAtomic(g.global()) || n.equals(WgslWriter.DEBUG));
            }
            case Expr.ElementAddr e -> {
                Ref b = (Ref) resolve(e.base(), write);
                return new Ref(b.text() + "[" + index(e.index()) + "]", ((Type.Array) b.held()).element(), b.atomic());
            }
            case Expr.FieldAddr f -> {
                Ref b = (Ref) resolve(f.base(), write);
                Type.Struct s = (Type.Struct) b.held();
                return new Ref(b.text() + "." + mod.memberNames.get(s)[f.field()], s.fields().get(f.field()).type(), b.atomic());
            }
            default -> throw new InternalCompilerError("WGSL writer: address " + webcu.ir.IrPrinter.expr(a)
                    + " is not in MemoryModel's canonical form");
        }
    }

    /** A word access's operands as text: the byte index printed once, the word index beside it. */
    private WordRef wordRef(Expr words, Expr byteIndex, Expr word, Type t) {
        String bi = top(byteIndex);
        String wi;
        if (word instanceof Expr.CheckedIndex ci && ci.index() == byteIndex) {
            wi = checkedWord(ci, bi);
        } else if (word instanceof Expr.Binary b && b.op() == webcu.ir.BinaryOp.SHR && b.left() == byteIndex
                && b.right() instanceof Expr.IntConst two && two.value() == 2) {
            wi = "(" + bi + ") >> 2u";
        } else {
            wi = top(word);
        }
        Bound b = bound(words);
        if (b == null || !b.words()) {
            throw new InternalCompilerError("WGSL writer: word access into " + webcu.ir.IrPrinter.expr(words)
                    + ", which is not a word view");
        }
        return new WordRef(b, bi, t, wi);
    }

    /**
     * A checked index as {@code CheckedAccesses} made it: into a typed binding, the element index
     * or element 0; a word access's word, the word or word 0; noting the first bad one in
     * {@code webcu_oob}.
     */
    String checked(Expr.CheckedIndex c) {
        if (c.bytes() != 0) {
            return checkedWord(c, top(c.index()));
        }
        String i = index(c.index());
        kw.checked = true;
        return mod.lib.use("webcu_checked") + "(" + i + ", arrayLength(&" + checkedBinding(c).name() + "), " + c.site() + "u, "
                + kind(c) + "u)";
    }

    /** The index of the first word of a checked word access at {@code byteIndex} (the index's text), or word 0. */
    private String checkedWord(Expr.CheckedIndex c, String byteIndex) {
        kw.checked = true;
        return mod.lib.use("webcu_checked_word") + "(" + byteIndex + ", " + c.bytes() + "u, arrayLength(&"
                + checkedBinding(c).name() + "), " + c.site() + "u, " + kind(c) + "u)";
    }

    private Bound checkedBinding(Expr.CheckedIndex c) {
        Bound b = bound(c.array());
        if (b == null || !b.checked()) {
            throw new InternalCompilerError("WGSL writer: checked index into " + webcu.ir.IrPrinter.expr(c.array())
                    + ", which is not a storage binding");
        }
        return b;
    }

    private static int kind(Expr.CheckedIndex c) {
        return c.write() ? DebugBuffer.OOB_WRITE : DebugBuffer.OOB_READ;
    }

    /** An array index: a 64-bit index uses its low word (indices into WGSL arrays fit in 32 bits). */
    private String index(Expr i) {
        return isWide(i.type()) ? expr(i) + ".x" : top(i);
    }

    /** The binding a pointer root expression ({@code %p}, {@code convert(%p)}, {@code &g}) names, or null. */
    private Bound bound(Expr root) {
        return switch (root) {
            case Expr.LocalGet g -> kw.byRoot.get(g.local());
            case Expr.Convert c -> bound(c.value());
            case Expr.GlobalAddr g when g.global().dynamicShared() -> {
                kw.usesDynamicShared = true;
                yield new Bound(mod.dynamicShared, true, mod.dm.isAtomic(g.global()), Type.U8, false);
            }
            case Expr.GlobalAddr g -> kw.bySymbol.get(g.global());
            default -> null;
        };
    }

    /** Reads the {@code t} at address {@code a}. */
    String load(Expr a, Type t) {
        Object target = resolve(a);
        if (target instanceof WordRef w) {
            return loadWords(w);
        }
        Ref r = (Ref) target;
        if (r.atomic()) {
            return castScalar("atomicLoad(&" + r.text() + ")", atomicScalar(r.held()), mod.type(t));
        }
        return sameRepresentation(r.held(), t) ? r.text() : "bitcast<" + mod.type(t) + ">(" + r.text() + ")";
    }

    private boolean sameRepresentation(Type a, Type b) {
        return a.equals(b) || isWide(a) && isWide(b);
    }

    private String word(Bound b, String wordIndex) {
        String w = b.name() + "[" + wordIndex + "]";
        return b.atomic() ? "atomicLoad(&" + w + ")" : w;
    }

    /** Reads a word load's value. */
    String load(Expr.WordLoad w) {
        return loadWords(wordRef(w.words(), w.byteIndex(), w.word(), w.type()));
    }

    /** Writes a word store's value. */
    void store(Stmt.WordStore w) {
        String v = top(w.value());
        storeWords(wordRef(w.words(), w.byteIndex(), w.word(), w.value().type()), v);
    }

    private String loadWords(WordRef w) {
        String bi = w.byteIndex();
        String wi = w.wordIndex();
        Type t = w.type();
        int size = t instanceof Type.Bool ? 1 : t.size();
        return switch (size) {
            case 8 -> "vec2<u32>(" + word(w.bound(), wi) + ", " + word(w.bound(), "(" + wi + ") + 1u") + ")";
            case 4 -> castScalar(word(w.bound(), wi), "u32", mod.type(t));
            default -> {
                String shifted = "(" + word(w.bound(), wi) + " >> (((" + bi + ") & 3u) << 3u))";
                int bits = size * 8;
                if (t instanceof Type.Bool) {
                    yield "((" + shifted + " & 0xffu) != 0u)";
                }
                if (signed(t)) {
                    yield "(bitcast<i32>(" + shifted + " << " + (32 - bits) + "u) >> " + (32 - bits) + "u)";
                }
                yield "(" + shifted + " & " + (bits == 8 ? "0xffu" : "0xffffu") + ")";
            }
        };
    }

    void store(Stmt.Store st) {
        String v = top(st.value());
        storeValue(st.address(), st.value().type(), v);
    }

    /** Writes the WGSL value {@code v} of IR type {@code t} to the canonical address {@code address}. */
    void storeValue(Expr address, Type t, String v) {
        Expr a = fold(address);
        Object target = resolve(a, true);
        if (target instanceof WordRef w) {
            storeWords(w, v);
            return;
        }
        Ref r = (Ref) target;
        if (r.atomic()) {
            line("atomicStore(&" + r.text() + ", " + castScalar(v, mod.type(t), atomicScalar(r.held())) + ");");
            return;
        }
        String value = sameRepresentation(r.held(), t) ? v : "bitcast<" + mod.type(r.held()) + ">(" + v + ")";
        line(r.text() + " = " + value + ";");
    }

    private void storeWords(WordRef w, String v) {
        Type t = w.type();
        int size = t instanceof Type.Bool ? 1 : t.size();
        String name = w.bound().name();
        boolean atomic = w.bound().atomic();
        String wi = kw.fn.fresh("word");
        if (size == 8) {
            String val = kw.fn.fresh("value");
            line("let " + val + " = " + v + ";");
            line("let " + wi + " = " + w.wordIndex() + ";");
            putWord(name, wi, val + ".x", atomic);
            putWord(name, wi + " + 1u", val + ".y", atomic);
            return;
        }
        if (size == 4) {
            line("let " + wi + " = " + w.wordIndex() + ";");
            putWord(name, wi, castScalar(v, mod.type(t), "u32"), atomic);
            return;
        }
        String bi = kw.fn.fresh("byte");
        String shift = kw.fn.fresh("shift");
        line("let " + bi + " = " + w.byteIndex() + ";");
        line("let " + wi + " = " + w.wordIndex() + ";");
        line("let " + shift + " = (" + bi + " & 3u) << 3u;");
        String mask = size == 1 ? "0xffu" : "0xffffu";
        String bits = t instanceof Type.Bool ? "select(0u, 1u, " + v + ")" : "(" + castScalar(v, mod.type(t), "u32") + " & " + mask + ")";
        // neighbouring bytes of the word may belong to other threads: change only ours, atomically
        line("atomicAnd(&" + name + "[" + wi + "], ~(" + mask + " << " + shift + "));");
        line("atomicOr(&" + name + "[" + wi + "], " + bits + " << " + shift + ");");
    }

    private void putWord(String name, String index, String value, boolean atomic) {
        if (atomic) {
            line("atomicStore(&" + name + "[" + index + "], " + value + ");");
        } else {
            line(name + "[" + index + "] = " + value + ";");
        }
    }

    /**
     * A 64-bit atomic on a word view that {@code passes.WordAtomics} split: one WGSL atomic per
     * word, the low word's carry (add) or borrow (sub) added to the high word's operand.
     */
    void atomicHalves(Stmt.AtomicHalves a) {
        if (!(resolve(fold(a.address()), true) instanceof WordRef w)) {
            throw new InternalCompilerError("WGSL writer: split atomic on a place that is not a word view in " + kw.k.name());
        }
        String word = kw.fn.fresh("word");
        line("let " + word + " = " + w.wordIndex() + ";");
        String place = w.bound().name() + "[" + word + "]";
        String v = kw.fn.fresh("v");
        String lo = kw.fn.fresh("lo");
        String hi = kw.fn.fresh("hi");
        String high = w.bound().name() + "[" + word + " + 1u]";
        line("let " + v + " = " + top(a.value()) + ";");
        switch (a.op()) {
            case ADD -> {
                line("let " + lo + " = atomicAdd(&" + place + ", " + v + ".x);");
                line("let " + hi + " = atomicAdd(&" + high + ", " + v + ".y + select(0u, 1u, "
                        + lo + " + " + v + ".x < " + lo + "));");
            }
            case SUB -> {
                line("let " + lo + " = atomicSub(&" + place + ", " + v + ".x);");
                line("let " + hi + " = atomicSub(&" + high + ", " + v + ".y + select(0u, 1u, " + lo + " < " + v + ".x));");
            }
            case AND, OR, XOR -> {
                String f = "atomic" + switch (a.op()) {
                    case AND -> "And";
                    case OR -> "Or";
                    default -> "Xor";
                };
                line("let " + lo + " = " + f + "(&" + place + ", " + v + ".x);");
                line("let " + hi + " = " + f + "(&" + high + ", " + v + ".y);");
            }
            default -> throw new InternalCompilerError("WGSL writer: split atomic " + a.op() + " in " + kw.k.name());
        }
        if (a.result() != null) {
            line(local(a.result()) + " = vec2<u32>(" + lo + ", " + hi + ");");
        }
    }

    /**
     * An atomic that WGSL has: add, sub, exchange, min, max, and, or, xor on 32-bit integers
     * and strong compare-and-swap (a loop around WGSL's weak one). The {@code Atomics} pass has
     * turned the others into compare-and-swap loops, {@code WordAtomics} the 64-bit ones on word
     * views into {@link #atomicHalves}.
     */
    void atomic(Stmt.Call c) {
        String name = c.callee().name();
        String op = name.substring("__webcu_atomic".length(), name.lastIndexOf('_'));
        Type t = c.callee().returnType();
        Object target = resolve(fold(c.args().get(0)), true);
        String place;
        String scalar;
        if (target instanceof WordRef w) {
            String word = kw.fn.fresh("word");
            line("let " + word + " = " + w.wordIndex() + ";");
            place = w.bound().name() + "[" + word + "]";
            scalar = "u32";
        } else {
            Ref r = (Ref) target;
            if (!r.atomic()) {
                throw new InternalCompilerError("WGSL writer: atomic on a place that is not atomic in " + kw.k.name());
            }
            place = r.text();
            scalar = atomicScalar(r.held());
        }
        if (isWide(t)) {
            throw new InternalCompilerError("WGSL writer: 64-bit atomic" + op + " reached the writer");
        }
        String wgslT = mod.type(t);
        List<String> args = new ArrayList<>();
        for (int i = 1; i < c.args().size(); i++) {
            args.add(castScalar(top(c.args().get(i)), wgslT, scalar));
        }
        String result;
        if (op.equals("CAS")) {
            String cmp = kw.fn.fresh("cmp");
            String val = kw.fn.fresh("val");
            String r = kw.fn.fresh("cas");
            String old = kw.fn.fresh("old");
            line("let " + cmp + " = " + args.get(0) + ";");
            line("let " + val + " = " + args.get(1) + ";");
            line("var " + old + ": " + scalar + ";");
            // WGSL's compare-exchange may fail spuriously; CUDA's atomicCAS does not
            line("loop {");
            mod.indent++;
            line("let " + r + " = atomicCompareExchangeWeak(&" + place + ", " + cmp + ", " + val + ");");
            line("if " + r + ".exchanged || " + r + ".old_value != " + cmp + " {");
            mod.indent++;
            line(old + " = " + r + ".old_value;");
            line("break;");
            mod.indent--;
            line("}");
            mod.indent--;
            line("}");
            result = old;
        } else {
            String wgslOp = switch (op) {
                case "Add" -> "atomicAdd";
                case "Sub" -> "atomicSub";
                case "Exch" -> "atomicExchange";
                case "Min" -> "atomicMin";
                case "Max" -> "atomicMax";
                case "And" -> "atomicAnd";
                case "Or" -> "atomicOr";
                case "Xor" -> "atomicXor";
                default -> throw new InternalCompilerError("WGSL writer: atomic" + op + " reached the writer");
            };
            result = wgslOp + "(&" + place + ", " + args.get(0) + ")";
        }
        if (c.result() != null) {
            line(local(c.result()) + " = " + castScalar(result, scalar, wgslT) + ";");
        } else if (!op.equals("CAS")) {
            line(result + ";");
        }
    }

    /** A 32-bit scalar from one WGSL type to another of the same size (bit pattern kept). */
    static String castScalar(String v, String from, String to) {
        return from.equals(to) ? v : "bitcast<" + to + ">(" + v + ")";
    }
}
