package webcu.passes;

import static webcu.passes.Roots.atomicElement;
import static webcu.passes.Roots.flatElement;
import static webcu.passes.Roots.mark;
import static webcu.passes.Roots.narrowIndex;
import static webcu.passes.Roots.sameUnit;
import static webcu.passes.Roots.toU32;
import static webcu.passes.Roots.units;
import static webcu.passes.Roots.wordAddress;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import webcu.diag.DiagKey;
import webcu.diag.Span;
import webcu.ir.AddressSpace;
import webcu.ir.BinaryOp;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Global;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;
import webcu.passes.KernelInterface.View;
import webcu.passes.Roots.Ptr;
import webcu.passes.Roots.Root;

/**
 * The rewrite that gives every pointer of a kernel a provenance: the storage binding or the local
 * or shared variable it points into (its root), and a u32 index into that root. Two passes run
 * it: {@link MemoryModel} with one binding per pointer argument and device variable, and
 * {@link HeapMemory} with the one heap binding, where every pointer into device memory is a byte
 * offset into the heap; their comments say what each does and why WebGPU needs it.
 *
 * <p>A buffer whose accesses all use its pointee type (or a same-size scalar, by bitcast) is an
 * array of that type ({@link View#TYPED}, indexed in elements); any other buffer (char data, a
 * float buffer walked with a char pointer, structs with bools) is an array of u32 words indexed
 * by byte ({@link View#WORDS}), which the WGSL writer reads and writes word by word.
 *
 * <p>Guarantees afterwards: no pointer-typed local or parameter is read; each pointer local has a
 * u32 index local of the same name; every address loaded from, stored to or passed to an atomic
 * is canonical: {@code ptradd(B, i)} for element {@code i} of a typed binding {@code B} (the root,
 * converted to the element pointer type where its type differs), possibly with
 * {@code field}/{@code elem} into the element and a final same-size {@code convert}; for a word
 * binding {@code convert<ptr<T>>(ptradd(convert<ptr<u8>>(R), byte))} with scalar {@code T}; for
 * local and shared variables a path of {@code elem}/{@code field} from {@code &x}. Copies of
 * structs to or from word bindings are split into their scalars; a struct parameter's leaves are
 * read from the uniform buffer or bound as buffers. The kernel's {@link KernelInterface} is
 * recorded. What cannot be made static (a pointer mixing a local variable and an argument,
 * reinterpreting local memory) is rejected.
 *
 * <p>A helper of the two passes, not a pass: it holds no state between kernels.
 */
final class Provenance {
    private Provenance() {
    }

    /**
     * Rewrites the kernel, with one binding per root ({@code heap} false) or with the heap.
     * Without the heap it throws {@link ToHeap}, the kernel untouched, when two bindings meet in
     * one pointer.
     */
    static void rewrite(DeviceModule m, Function k, boolean heap) {
        new State(m, k, heap).run();
    }

    /** Thrown when two arguments turn out to meet in one pointer: only the heap holds both ({@link #rewrite} left the kernel as it was). */
    static final class ToHeap extends RuntimeException {
        ToHeap() {
            super(null, null, false, false);
        }
    }

    /** Thrown to start the rewrite again once a binding has fallen back to words. */
    private static final class Restart extends RuntimeException {
        Restart() {
            super(null, null, false, false);
        }
    }

    private static final class State {
        final DeviceModule m;
        final Function k;
        final List<Root> bindings = new ArrayList<>();
        final List<KernelInterface.Value> values = new ArrayList<>();
        /** Pointer locals (parameters, struct fields, ordinary locals) to their root. */
        final Map<Local, Root> rootOf = new HashMap<>();
        final Map<Global, Root> globalRoots = new IdentityHashMap<>();
        final Map<Local, Root> variableRoots = new HashMap<>();
        /** Pointer locals assigned in the body to the u32 index local that replaces them. */
        final Map<Local, Local> index = new HashMap<>();
        Span at;
        boolean failed;
        /** Heap mode: every pointer into device memory is a byte offset into the one heap binding. */
        final boolean heapMode;
        final Root heap;
        /** Heap mode: the u64 device address of heap byte 0, and each device variable's heap offset. */
        Local heapBase;
        final Map<Global, Local> symbolOffsets = new java.util.LinkedHashMap<>();

        State(DeviceModule m, Function k, boolean heapMode) {
            this.m = m;
            this.k = k;
            this.at = k.span();
            this.heapMode = heapMode;
            if (heapMode) {
                Local root = k.newLocal("heap", Type.ptr(Type.U8), false);
                heap = new Root("heap", new KernelInterface.Heap(), root, null, null, Type.U8);
                heap.view = View.WORDS;
                bindings.add(heap);
            } else {
                heap = null;
            }
        }

        /** Two roots meet in one pointer: in heap mode, or for two bindings, the heap holds both. */
        private void conflict(Root a, Root b, String what) {
            if (!heapMode && a.isBinding() && b.isBinding()) {
                throw new ToHeap();
            }
            reject(what);
        }

        void reject(String feature) {
            if (!failed) {
                m.reject(k, at, DiagKey.ERR_NOT_SUPPORTED_WEBGPU, feature);
            }
            failed = true;
        }

        void run() {
            parameters();
            if (failed) {
                return;
            }
            Stmt.Block body = k.body();
            if (failed || !resolvePointerLocals(body)) {
                return;
            }
            Stmt.Block rewritten = null;
            for (int attempt = 0; attempt <= bindings.size() + 1 && rewritten == null; attempt++) {
                for (Root r : allRoots()) {
                    r.read = false;
                    r.written = false;
                    r.atomic = false;
                }
                try {
                    rewritten = new Body().block(body);
                } catch (Restart again) {
                    rewritten = null;
                }
                if (failed) {
                    return;
                }
            }
            if (rewritten == null) {
                throw new webcu.diag.InternalCompilerError("Provenance: no stable view for kernel " + k.name());
            }
            List<Stmt> prologue = new ArrayList<>();
            for (Map.Entry<Local, Local> e : index.entrySet()) {
                Root r = rootOf.get(e.getKey());
                if (r != null && r.local == e.getKey() && r.offset != null) {
                    prologue.add(new Stmt.Assign(e.getValue(), Build.get(r.offset), k.span()));
                }
            }
            prologue.addAll(rewritten.stmts());
            k.setBody(new Stmt.Block(prologue, k.body().span()));
            List<KernelInterface.Binding> out = new ArrayList<>();
            for (Root r : bindings) {
                if (!r.read && !r.written && !r.atomic) {
                    continue; // never dereferenced (only passed along or compared): nothing to bind
                }
                boolean words = r.view == View.WORDS;
                out.add(new KernelInterface.Binding(r.name, r.source, r.local, words ? Type.U8 : r.element, r.view,
                        r.read, r.written || r.atomic, r.atomic, r.offset));
            }
            if (heapBase != null) {
                values.add(new KernelInterface.Value("heap.base", -1, 0, Type.U64, heapBase, null));
            }
            for (Map.Entry<Global, Local> e : symbolOffsets.entrySet()) {
                values.add(new KernelInterface.Value(e.getKey().name(), -1, 0, Type.ptr(e.getKey().type()), e.getValue(),
                        e.getKey()));
            }
            m.setInterface(k, new KernelInterface(out, values));
            for (Root r : variableRoots.values()) {
                if (r.atomic && r.global != null) {
                    m.markAtomic(r.global);
                }
            }
            for (Root r : globalRoots.values()) {
                if (r.atomic && !r.isBinding()) {
                    m.markAtomic(r.global);
                }
            }
        }

        private List<Root> allRoots() {
            List<Root> all = new ArrayList<>(bindings);
            for (Root r : globalRoots.values()) {
                if (!r.isBinding()) {
                    all.add(r);
                }
            }
            all.addAll(variableRoots.values());
            return all;
        }

        // ---- the interface: parameters, struct parameters, device variables

        private void parameters() {
            for (int i = 0; i < k.params().size(); i++) {
                Local p = k.params().get(i);
                if (p.addressable()) {
                    reject("taking the address of parameter '" + p.name() + "'");
                    return;
                }
                switch (p.type()) {
                    case Type.Ptr ptr -> pointerParam(p, i, 0, p.name());
                    case Type.Struct s -> {
                        // StructArguments has split it into locals for its scalars and pointers
                        for (DeviceModule.ArgumentLeaf leaf : m.argumentLeaves(k)) {
                            if (leaf.index() != i) {
                                continue;
                            }
                            Local l = leaf.local();
                            if (l.type() instanceof Type.Ptr) {
                                pointerParam(l, i, leaf.argOffset(), l.name());
                            } else {
                                values.add(new KernelInterface.Value(l.name(), i, leaf.argOffset(), l.type(), l));
                            }
                        }
                    }
                    case Type.Array a -> reject("array parameters ('" + p.name() + "')");
                    default -> values.add(new KernelInterface.Value(p.name(), i, 0, p.type(), p));
                }
            }
        }

        private void pointerParam(Local p, int index, int argOffset, String name) {
            if (heapMode) {
                // its device address arrives as a byte offset into the heap
                Local offset = k.newLocal(name + ".offset", Type.U32, false);
                values.add(new KernelInterface.Value(name, index, argOffset, p.type(), offset));
                rootOf.put(p, heap);
                this.index.put(p, offset);
                return;
            }
            Type el = Build.pointee(p.type()) instanceof Type.Void ? castTarget(p) : Layouts.innermost(Build.pointee(p.type()));
            Root r = new Root(name, new KernelInterface.Arg(index, argOffset), p, null, null, el);
            r.view = Layouts.storable(el) ? View.TYPED : View.WORDS;
            r.offset = k.newLocal(name + ".offset", Type.U32, false);
            bindings.add(r);
            rootOf.put(p, r);
        }

        /** The element type a {@code void *} parameter is cast to (u32 when it is never cast). */
        private Type castTarget(Local p) {
            Type[] found = {Type.VOID};
            Rewriter.forEachExpr(k.body(), (s, e) -> {
                if (found[0] instanceof Type.Void && e instanceof Expr.Convert c && c.type() instanceof Type.Ptr to
                        && c.value() instanceof Expr.LocalGet g && g.local().equals(p) && !(to.pointee() instanceof Type.Void)) {
                    found[0] = Layouts.innermost(to.pointee());
                }
            });
            return found[0] instanceof Type.Void ? Type.U32 : found[0];
        }

        private Root globalRoot(Global g) {
            Root r = globalRoots.get(g);
            if (r == null) {
                switch (g.space()) {
                    case DEVICE, CONSTANT -> {
                        if (DebugBuffer.is(g)) {
                            // declared by the writer in bind group 1, for every kernel: a place, not an argument
                            r = new Root(g.name(), null, null, g, null, Type.U32);
                            globalRoots.put(g, r);
                            return r;
                        }
                        if (heapMode) {
                            return heap;
                        }
                        r = new Root(g.name(), new KernelInterface.Symbol(g), null, g, null, Layouts.innermost(g.type()));
                        r.view = Layouts.storable(r.element) ? View.TYPED : View.WORDS;
                        bindings.add(r);
                    }
                    case SHARED -> {
                        r = new Root(g.name(), null, null, g, null, Layouts.innermost(g.type()));
                        if (g.dynamicShared()) {
                            // extern __shared__: one array of words, addressed by byte
                            r.view = View.WORDS;
                        }
                    }
                    default -> {
                        return null;
                    }
                }
                globalRoots.put(g, r);
            }
            return r;
        }

        private Root variableRoot(Local l) {
            return variableRoots.computeIfAbsent(l, x -> new Root(x.name(), null, null, null, x, Layouts.innermost(x.type())));
        }

        // ---- pointer locals

        /**
         * Finds the root of every pointer local from its assignments, iterating to a fixed point
         * (a local may be assigned from another pointer local before or after it in the code).
         */
        private boolean resolvePointerLocals(Stmt.Block body) {
            List<Stmt.Assign> assigns = new ArrayList<>();
            Rewriter.forEachStmt(body, s -> {
                if (s instanceof Stmt.Assign a && a.target().type() instanceof Type.Ptr) {
                    assigns.add(a);
                }
            });
            boolean changed = true;
            while (changed) {
                changed = false;
                for (Stmt.Assign a : assigns) {
                    at = a.span();
                    Root root = rootOf(a.value());
                    if (root == null) {
                        continue;
                    }
                    Root had = rootOf.get(a.target());
                    if (had == null) {
                        rootOf.put(a.target(), root);
                        changed = true;
                    } else if (had != root) {
                        conflict(had, root, "a pointer that may point into different variables or arguments ('"
                                + a.target().name() + "')");
                        return false;
                    }
                }
            }
            for (Stmt.Assign a : assigns) {
                if (!rootOf.containsKey(a.target())) {
                    at = a.span();
                    reject(describeUnknown(a.value()));
                    return false;
                }
                // an assigned parameter starts from its hidden offset (see run)
                index.computeIfAbsent(a.target(), t -> k.newLocal(t.name(), Type.U32, false));
            }
            return !failed;
        }

        /** The root a pointer expression points into, or null when unknown (yet). */
        private Root rootOf(Expr e) {
            return switch (e) {
                case Expr.LocalGet g -> rootOf.get(g.local());
                case Expr.LocalAddr a -> variableRoot(a.local());
                case Expr.GlobalAddr g -> globalRoot(g.global());
                case Expr.PtrAdd p -> rootOf(p.base());
                case Expr.ElementAddr a -> rootOf(a.base());
                case Expr.FieldAddr f -> rootOf(f.base());
                case Expr.Convert c when c.value().type() instanceof Type.Ptr -> rootOf(c.value());
                case Expr.Select s -> {
                    Root a = rootOf(s.ifTrue());
                    Root b = rootOf(s.ifFalse());
                    if (a != null && b != null && a != b) {
                        conflict(a, b, "a pointer that may point into different variables or arguments");
                        yield null;
                    }
                    yield a != null ? a : b;
                }
                // heap mode: loaded pointers, null and integers made pointers are device addresses
                case Expr.Load l -> heap;
                case Expr.NullPtr n -> heap;
                case Expr.Convert c -> heap;
                default -> null;
            };
        }

        private String describeUnknown(Expr e) {
            return switch (e) {
                case Expr.Load l -> "pointers loaded from memory";
                case Expr.NullPtr n -> "null pointers in kernels";
                case Expr.GlobalAddr g -> "host variables in device code ('" + g.global().name() + "')";
                case Expr.Convert c -> c.value().type() instanceof Type.Ptr ? describeUnknown(c.value())
                        : "converting an integer to a pointer";
                case Expr.PtrAdd p -> describeUnknown(p.base());
                default -> "this use of pointers";
            };
        }

        // ---- pointer values

        /** A pointer expression as root and index, or null when it has no static root. */
        private Ptr eval(Expr e) {
            return switch (e) {
                case Expr.LocalGet g -> {
                    Root r = rootOf.get(g.local());
                    if (r == null) {
                        yield null;
                    }
                    Local idx = index.get(g.local());
                    Expr i = idx != null ? Build.get(idx) : r.offset != null ? Build.get(r.offset) : Build.u32(0);
                    yield new Ptr(r, i, Build.pointee(g.type()), null);
                }
                case Expr.GlobalAddr g -> {
                    Root r = globalRoot(g.global());
                    if (r != null && r == heap) {
                        yield new Ptr(heap, Build.get(symbolOffset(g.global())), g.global().type(), null);
                    }
                    yield r == null ? null : new Ptr(r, Build.u32(0), g.global().type(), null);
                }
                case Expr.NullPtr n when heapMode -> new Ptr(heap, Build.u32(NULL_OFFSET), n.type().pointee(), null);
                case Expr.Load l when heapMode -> new Ptr(heap, loadPointer(l.address()), Build.pointee(l.type()), null);
                case Expr.Convert c when heapMode && !(c.value().type() instanceof Type.Ptr) ->
                        new Ptr(heap, heapOffset(toU64(value(c.value()))), Build.pointee(c.type()), null);
                case Expr.LocalAddr a -> new Ptr(variableRoot(a.local()), Build.u32(0), a.local().type(), null);
                case Expr.Convert c when c.value().type() instanceof Type.Ptr -> {
                    Ptr p = eval(c.value());
                    if (p == null) {
                        yield null;
                    }
                    Type to = Build.pointee(c.type());
                    if (p.inner() != null) {
                        if (to.equals(p.pointee()) || to instanceof Type.Void) {
                            yield p;
                        }
                        if (sameUnit(to, p.pointee())) {
                            yield new Ptr(p.root(), null, to, new Expr.Convert(c.type(), p.inner()));
                        }
                        yield fallback(p.root());
                    }
                    if (p.root().view == View.TYPED && !(to instanceof Type.Void) && units(to, p.root().element) < 0) {
                        yield fallback(p.root());
                    }
                    yield new Ptr(p.root(), p.index(), to, null);
                }
                case Expr.PtrAdd pa -> {
                    Ptr b = eval(pa.base());
                    if (b == null) {
                        yield null;
                    }
                    Expr i = toU32(value(pa.index()));
                    if (b.root().view == View.WORDS) {
                        yield new Ptr(b.root(), Build.add(b.index(), Build.mul(i, b.pointee().size())), b.pointee(), null);
                    }
                    if (b.inner() != null) {
                        if (b.inner() instanceof Expr.ElementAddr ea) {
                            yield new Ptr(b.root(), null, b.pointee(),
                                    new Expr.ElementAddr(ea.base(), Build.add(toU32(ea.index()), i)));
                        }
                        yield fallback(b.root());
                    }
                    long c = units(b.pointee(), b.root().element);
                    if (c < 0) {
                        yield fallback(b.root());
                    }
                    yield new Ptr(b.root(), Build.add(b.index(), Build.mul(i, c)), b.pointee(), null);
                }
                case Expr.ElementAddr ea -> {
                    Ptr b = eval(ea.base());
                    if (b == null) {
                        yield null;
                    }
                    Type el = ((Type.Array) b.pointee()).element();
                    Expr i = toU32(value(ea.index()));
                    if (b.root().view == View.WORDS) {
                        yield new Ptr(b.root(), Build.add(b.index(), Build.mul(i, el.size())), el, null);
                    }
                    if (b.inner() != null) {
                        yield new Ptr(b.root(), null, el, new Expr.ElementAddr(b.inner(), i));
                    }
                    long c = units(el, b.root().element);
                    if (c < 0) {
                        yield fallback(b.root());
                    }
                    yield new Ptr(b.root(), Build.add(b.index(), Build.mul(i, c)), el, null);
                }
                case Expr.FieldAddr fa -> {
                    Ptr b = eval(fa.base());
                    if (b == null) {
                        yield null;
                    }
                    Type.Field f = ((Type.Struct) b.pointee()).fields().get(fa.field());
                    if (b.root().view == View.WORDS) {
                        yield new Ptr(b.root(), Build.add(b.index(), Build.u32(f.offset())), f.type(), null);
                    }
                    if (b.inner() != null) {
                        yield new Ptr(b.root(), null, f.type(), new Expr.FieldAddr(b.inner(), fa.field()));
                    }
                    if (!b.pointee().equals(b.root().element)) {
                        yield fallback(b.root());
                    }
                    yield new Ptr(b.root(), null, f.type(), new Expr.FieldAddr(elementPlace(b.root(), b.index()), fa.field()));
                }
                case Expr.Select s -> {
                    Ptr a = eval(s.ifTrue());
                    Ptr b = eval(s.ifFalse());
                    if (a == null || b == null) {
                        yield null;
                    }
                    if (a.root() != b.root()) {
                        conflict(a.root(), b.root(), "a pointer that may point into different variables or arguments");
                        yield null;
                    }
                    if (a.inner() != null || b.inner() != null) {
                        yield fallback(a.root());
                    }
                    yield new Ptr(a.root(), new Expr.Select(value(s.cond()), a.index(), b.index()), a.pointee(), null);
                }
                default -> null;
            };
        }

        /**
         * Marks a binding as word-addressed and starts the rewrite again; for a local or shared
         * variable, which has no word view, reports the construct instead.
         */
        private Ptr fallback(Root r) {
            if (r.isBinding() && r.view == View.TYPED) {
                r.view = View.WORDS;
                throw new Restart();
            }
            reject("reinterpreting local or shared memory as another type ('" + r.name + "')");
            return null;
        }

        /** The canonical address of element {@code i} of a typed root. */
        private Expr elementPlace(Root r, Expr i) {
            if (r.isBinding()) {
                Expr base;
                if (r.local != null) {
                    base = Build.get(r.local);
                } else {
                    base = new Expr.GlobalAddr(r.global);
                }
                if (!Build.pointee(base.type()).equals(r.element)) {
                    base = new Expr.Convert(Type.ptr(r.element), base);
                }
                return new Expr.PtrAdd(base, i);
            }
            Expr place = r.variable != null ? new Expr.LocalAddr(r.variable) : new Expr.GlobalAddr(r.global);
            return flatElement(place, i);
        }

        // ---- accesses

        /**
         * The canonical address through which a {@code t} at {@code a} is read or written, or null
         * (after a rejection). {@code t} is a scalar, or an aggregate of a typed root or variable.
         */
        private Expr access(Expr a, boolean store, boolean atomic) {
            Type t = Build.pointee(a.type());
            Expr direct = placePath(a);
            if (direct != null) {
                Root r = rootOf(a);
                if (r != null) {
                    mark(r, store, atomic);
                }
                return direct;
            }
            Ptr p = eval(a);
            if (p == null) {
                if (!failed) {
                    reject(describeUnknown(a));
                }
                return a;
            }
            Root r = p.root();
            mark(r, store, atomic);
            if (atomic && r.isBinding() && r.view == View.TYPED && !atomicElement(r.element)) {
                fallback(r);
            }
            if (r.view == View.WORDS) {
                if (Layouts.isAggregate(t)) {
                    throw new webcu.diag.InternalCompilerError("Provenance: aggregate access to a word binding");
                }
                if (store && t.size() < 4) {
                    // bytes of one word may be written by several threads at once: atomic and/or
                    r.atomic = true;
                }
                return wordAddress(r, p.index(), t);
            }
            if (p.inner() != null) {
                return p.inner();
            }
            if (!sameUnit(t, r.element)) {
                if (units(t, r.element) > 0 && !atomic) {
                    // a whole array of elements: its first element's place, as an array
                    return new Expr.Convert(a.type(), elementPlace(r, p.index()));
                }
                fallback(r);
            }
            Expr place = elementPlace(r, p.index());
            return t.equals(r.element) ? place : new Expr.Convert(a.type(), place);
        }

        /**
         * A direct access to a local or shared variable ({@code x}, {@code s[i][j]}, {@code p.f}),
         * rebuilt with its indices rewritten, or null when {@code a} goes through a pointer.
         */
        private Expr placePath(Expr a) {
            return switch (a) {
                case Expr.LocalAddr l -> a;
                case Expr.GlobalAddr g when g.global().space() == AddressSpace.SHARED && !g.global().dynamicShared()
                        || DebugBuffer.is(g.global()) -> a;
                case Expr.ElementAddr e -> {
                    Expr b = placePath(e.base());
                    yield b == null ? null : new Expr.ElementAddr(b, narrowIndex(value(e.index())));
                }
                case Expr.FieldAddr f -> {
                    Expr b = placePath(f.base());
                    yield b == null ? null : new Expr.FieldAddr(b, f.field());
                }
                case Expr.PtrAdd p when p.base() instanceof Expr.ElementAddr e -> {
                    // &arr[j] + i: an array decayed to a pointer and then offset
                    Expr b = placePath(e.base());
                    if (b == null) {
                        yield null;
                    }
                    Expr j = toU32(value(e.index()));
                    yield new Expr.ElementAddr(b, Build.add(j, toU32(value(p.index()))));
                }
                default -> null;
            };
        }

        /** A non-pointer expression with every load's address rewritten. */
        Expr value(Expr e) {
            if (e.type() instanceof Type.Ptr) {
                reject(e instanceof Expr.NullPtr ? "null pointers in kernels" : "pointer values other than memory addresses");
                return e;
            }
            if (e instanceof Expr.Load l) {
                return new Expr.Load(access(l.address(), false, false));
            }
            if (e instanceof Expr.Binary b && b.left().type() instanceof Type.Ptr) {
                return comparePointers(b);
            }
            if (e instanceof Expr.Convert c && c.value().type() instanceof Type.Ptr && c.type() instanceof Type.Bool) {
                return notNull(c.value());
            }
            if (e instanceof Expr.Convert c && c.value().type() instanceof Type.Ptr) {
                Ptr p = heapMode ? eval(c.value()) : null;
                if (p == null || p.root() != heap) {
                    reject("converting a pointer to an integer");
                    return e;
                }
                Expr address = address(p.index());
                return c.type().equals(Type.U64) ? address : new Expr.Convert(c.type(), address);
            }
            return Expr.mapChildren(e, this::value);
        }

        /**
         * {@code p != nullptr}: a pointer argument that was null has the hidden offset
         * {@link #NULL_OFFSET} (the runtime binds a dummy buffer for it); local and shared
         * variables are never null.
         */
        private Expr notNull(Expr p) {
            if (p instanceof Expr.NullPtr) {
                return new Expr.BoolConst(false);
            }
            Ptr v = eval(p);
            if (v == null) {
                reject(describeUnknown(p));
                return new Expr.BoolConst(true);
            }
            if (!v.root().isBinding() || v.inner() != null || v.root().global != null) {
                return new Expr.BoolConst(true);
            }
            return new Expr.Binary(BinaryOp.NE, v.index(), Build.u32(NULL_OFFSET), Type.BOOL);
        }

        /** Pointer comparisons: against null, or two pointers into one root by their indices. */
        private Expr comparePointers(Expr.Binary b) {
            boolean eq = b.op() == BinaryOp.EQ;
            if (b.right() instanceof Expr.NullPtr || b.left() instanceof Expr.NullPtr) {
                Expr p = b.right() instanceof Expr.NullPtr ? b.left() : b.right();
                if (eq || b.op() == BinaryOp.NE) {
                    Expr nn = notNull(p);
                    return eq ? new Expr.Unary(webcu.ir.UnaryOp.LNOT, nn, Type.BOOL) : nn;
                }
            }
            Ptr l = eval(b.left());
            Ptr r = eval(b.right());
            if (l == null || r == null || l.inner() != null || r.inner() != null) {
                reject("comparing these pointers");
                return b;
            }
            if (l.root() != r.root()) {
                if (eq || b.op() == BinaryOp.NE) {
                    return new Expr.BoolConst(!eq);
                }
                reject("ordering pointers into different variables or arguments");
                return b;
            }
            return new Expr.Binary(b.op(), l.index(), r.index(), Type.BOOL);
        }

        /** Whether the pointer expression reaches a word binding (where aggregates move scalar by scalar). */
        private boolean isWords(Expr a) {
            Root r = rootOf(a);
            return r != null && r.isBinding() && r.view == View.WORDS;
        }

        /** Copies an aggregate scalar by scalar, for word bindings: {@code to} and {@code from} are addresses. */
        private void splitCopy(Expr to, Expr from, Type t, Span span, List<Stmt> out) {
            switch (t) {
                case Type.Struct s -> {
                    for (int f = 0; f < s.fields().size(); f++) {
                        splitCopy(new Expr.FieldAddr(to, f), new Expr.FieldAddr(from, f), s.fields().get(f).type(), span, out);
                    }
                }
                case Type.Array a -> {
                    for (int i = 0; i < a.count(); i++) {
                        splitCopy(new Expr.ElementAddr(to, Build.u32(i)), new Expr.ElementAddr(from, Build.u32(i)), a.element(),
                                span, out);
                    }
                }
                case Type.Ptr p when heapMode && rootOf(to) == heap && rootOf(from) == heap -> {
                    // a pointer moved from heap to heap keeps its 8 bytes, whatever they point to
                    Expr value = new Expr.Load(asU64(access(from, false, false)));
                    out.add(new Stmt.Store(asU64(access(to, true, false)), value, span));
                }
                case Type.Ptr p when heapMode -> out.addAll(storePointer(to, new Expr.Load(from), span));
                default -> out.add(new Stmt.Store(access(to, true, false), new Expr.Load(access(from, false, false)), span));
            }
        }

        // ---- heap mode: pointers in memory

        /**
         * The heap offset of the pointer stored at {@code address}: in device memory the pointer
         * is a 64-bit device address (null is 0), in a local or shared variable a u32 heap offset.
         */
        private Expr loadPointer(Expr address) {
            Expr a = access(address, false, false);
            if (rootOf(address) == heap) {
                return heapOffset(new Expr.Load(asU64(a)));
            }
            return new Expr.Load(new Expr.Convert(Type.ptr(Type.U32), a));
        }

        /** Stores {@code pointer} at {@code address}: as a device address into the heap, as an offset elsewhere. */
        private List<Stmt> storePointer(Expr address, Expr pointer, Span span) {
            Ptr v = eval(pointer);
            if (v == null) {
                reject(describeUnknown(pointer));
                return List.of();
            }
            if (v.root() != heap) {
                reject("storing pointers to local or shared variables in memory ('" + v.root().name + "')");
                return List.of();
            }
            Expr a = access(address, true, false);
            if (rootOf(address) == heap) {
                return List.of(new Stmt.Store(asU64(a), address(v.index()), span));
            }
            return List.of(new Stmt.Store(new Expr.Convert(Type.ptr(Type.U32), a), v.index(), span));
        }

        /** A word address of the heap, as the address of a u64 (a pointer's 8 bytes). */
        private static Expr asU64(Expr wordAddress) {
            if (!(wordAddress instanceof Expr.Convert c)) {
                throw new webcu.diag.InternalCompilerError("Provenance: a heap address that is not a word address");
            }
            return new Expr.Convert(Type.ptr(Type.U64), c.value());
        }

        /** The heap offset of a 64-bit device address: {@link #NULL_OFFSET} for null. */
        private Expr heapOffset(Expr address) {
            Expr isNull = new Expr.Binary(BinaryOp.EQ, address, new Expr.IntConst(Type.U64, 0), Type.BOOL);
            Expr offset = new Expr.Binary(BinaryOp.SUB, new Expr.Convert(Type.U32, address),
                    new Expr.Convert(Type.U32, Build.get(heapBase())), Type.U32);
            return new Expr.Select(isNull, Build.u32(NULL_OFFSET), offset);
        }

        /** The 64-bit device address of a heap offset: 0 for {@link #NULL_OFFSET}. */
        private Expr address(Expr offset) {
            Expr isNull = new Expr.Binary(BinaryOp.EQ, offset, Build.u32(NULL_OFFSET), Type.BOOL);
            Expr address = new Expr.Binary(BinaryOp.ADD, new Expr.Convert(Type.U64, offset), Build.get(heapBase()), Type.U64);
            return new Expr.Select(isNull, new Expr.IntConst(Type.U64, 0), address);
        }

        private static Expr toU64(Expr e) {
            return e.type().equals(Type.U64) ? e : new Expr.Convert(Type.U64, e);
        }

        private Local heapBase() {
            if (heapBase == null) {
                heapBase = k.newLocal("heap.base", Type.U64, false);
            }
            return heapBase;
        }

        private Local symbolOffset(Global g) {
            return symbolOffsets.computeIfAbsent(g, x -> k.newLocal(x.name() + ".offset", Type.U32, false));
        }

        /** Rewrites the kernel's statements into canonical accesses. */
        private final class Body extends Rewriter {
            @Override
            protected List<Stmt> stmt(Stmt s) {
                Span saved = at;
                at = s.span();
                try {
                    return rewrite(s);
                } finally {
                    at = saved;
                }
            }

            private List<Stmt> rewrite(Stmt s) {
                switch (s) {
                    case Stmt.Assign a when a.target().type() instanceof Type.Ptr -> {
                        Ptr p = eval(a.value());
                        if (p == null) {
                            reject(describeUnknown(a.value()));
                            return List.of();
                        }
                        if (p.inner() != null) {
                            fallback(p.root());
                            return List.of();
                        }
                        return List.of(new Stmt.Assign(index.get(a.target()), p.index(), a.span()));
                    }
                    case Stmt.Assign a when Layouts.isAggregate(a.target().type()) && a.value() instanceof Expr.Load l
                            && isWords(l.address()) -> {
                        Local tmp = k.newLocal(a.target().name() + ".copy", a.target().type(), true);
                        List<Stmt> out = new ArrayList<>();
                        splitCopy(new Expr.LocalAddr(tmp), l.address(), a.target().type(), a.span(), out);
                        out.add(new Stmt.Assign(a.target(), new Expr.Load(new Expr.LocalAddr(tmp)), a.span()));
                        return out;
                    }
                    case Stmt.Store st when st.value().type() instanceof Type.Ptr -> {
                        if (!heapMode) {
                            throw new webcu.diag.InternalCompilerError("Provenance: a pointer store outside heap mode");
                        }
                        return storePointer(st.address(), st.value(), st.span());
                    }
                    case Stmt.Store st when Layouts.isAggregate(st.value().type())
                            && (isWords(st.address()) || st.value() instanceof Expr.Load l && isWords(l.address())) -> {
                        List<Stmt> out = new ArrayList<>();
                        Expr from;
                        if (st.value() instanceof Expr.Load l) {
                            from = l.address();
                        } else {
                            Local tmp = k.newLocal("copy", st.value().type(), true);
                            out.add(new Stmt.Store(new Expr.LocalAddr(tmp), value(st.value()), st.span()));
                            from = new Expr.LocalAddr(tmp);
                        }
                        splitCopy(st.address(), from, st.value().type(), st.span(), out);
                        return out;
                    }
                    case Stmt.Store st -> {
                        Expr address = access(st.address(), true, false);
                        return List.of(new Stmt.Store(address, value(st.value()), st.span()));
                    }
                    case Stmt.Call c when !Analysis.isSupported(c.callee(), m.target()) && !Analysis.isAtomic(c.callee()) -> {
                        return List.of(s); // a later pass lowers it, or CheckSupported names it
                    }
                    case Stmt.Call c -> {
                        List<Expr> args = new ArrayList<>();
                        boolean atomic = Analysis.isAtomic(c.callee());
                        for (int i = 0; i < c.args().size(); i++) {
                            Expr x = c.args().get(i);
                            if (x.type() instanceof Type.Ptr) {
                                if (Analysis.stringLiteral(x) != null) {
                                    args.add(x); // a string literal: the pass that lowers the call reads it
                                } else {
                                    args.add(access(x, true, atomic && i == 0));
                                }
                            } else {
                                args.add(value(x));
                            }
                        }
                        return List.of(new Stmt.Call(c.result(), c.callee(), args, c.span()));
                    }
                    default -> {
                        return List.of(rebuild(s));
                    }
                }
            }

            @Override
            protected Expr expr(Expr e) {
                return value(e);
            }
        }
    }

    /** The hidden offset of a null pointer argument: any access through it fails the bounds check. */
    static final long NULL_OFFSET = 0x80000000L;

}
