package webcu.passes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import webcu.diag.DiagKey;
import webcu.diag.Span;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;

/**
 * Splits struct kernel arguments into their scalars and pointers, and gives each pointer that a
 * kernel keeps in a local struct (a pointer field of a copy of such an argument) a local of its
 * own.
 *
 * <p>CUDA feature: structs passed by value to kernels ({@code step<<<…>>>(params)}), including
 * structs that hold device pointers ({@code struct View { float *data; int n; }}).
 *
 * <p>Why WebGPU needs it: a WGSL kernel receives scalars through a uniform buffer and memory
 * through storage bindings; a struct argument's scalars each become a uniform field, and each of
 * its pointers a binding of its own ({@link MemoryModel} binds the leaves this pass records). A
 * pointer stored in memory has no WGSL form, so the pointer fields of local copies become pointer
 * locals, which {@link MemoryModel} tracks like any other.
 *
 * <p>Expects: inlined kernels whose struct parameters are copied into memory before use (as the
 * lowering does: {@code store &%p.addr, %p}). Guarantees afterwards: struct parameters are not read
 * (their copies are made leaf by leaf from new locals, recorded in
 * {@link DeviceModule#argumentLeaves}); no pointer is loaded from or stored to a local variable
 * reached by a constant path. Other uses of a struct parameter, or copies of structs that hold
 * pointers between places it cannot follow, are rejected.
 *
 * <p>chipStar twin: none (clspv's ClusterPodKernelArguments does the inverse).
 */
public final class StructArguments implements DevicePass {
    @Override
    public String name() {
        return "StructArguments";
    }

    @Override
    public void run(DeviceModule m) {
        for (Function k : m.kernels()) {
            new State(m, k).run();
        }
    }

    private static final class State {
        final DeviceModule m;
        final Function k;
        /** Struct parameters to their scalar and pointer leaves. */
        final Map<Local, List<Leaf>> structParams = new HashMap<>();
        /** Pointer-typed places inside addressable locals (key: local id and path) to the pointer local standing for them. */
        final Map<String, Local> promoted = new HashMap<>();
        Span at;
        boolean failed;

        State(DeviceModule m, Function k) {
            this.m = m;
            this.k = k;
            this.at = k.span();
        }

        void reject(String feature) {
            if (!failed) {
                m.reject(k, at, DiagKey.ERR_NOT_SUPPORTED_WEBGPU, feature);
            }
            failed = true;
        }

        void run() {
            for (int i = 0; i < k.params().size(); i++) {
                Local p = k.params().get(i);
                if (p.type() instanceof Type.Struct s && !p.addressable()) {
                    List<Leaf> out = new ArrayList<>();
                    leaves(s, new ArrayList<>(), 0, p.name(), i, out);
                    structParams.put(p, out);
                }
            }
            Stmt.Block body = structParams.isEmpty() ? k.body() : new StructParams().block(k.body());
            body = promotePointerPlaces(body);
            if (!failed) {
                k.setBody(body);
            }
        }

        /** A scalar or pointer inside a struct parameter, at a path of fields and array elements. */
        private record Leaf(List<Integer> path, Type type, int offset, Local local) {
        }

        private void leaves(Type t, List<Integer> path, int offset, String name, int param, List<Leaf> out) {
            switch (t) {
                case Type.Struct s -> {
                    for (int f = 0; f < s.fields().size(); f++) {
                        Type.Field field = s.fields().get(f);
                        List<Integer> sub = new ArrayList<>(path);
                        sub.add(f);
                        leaves(field.type(), sub, offset + field.offset(), name + "." + field.name(), param, out);
                    }
                }
                case Type.Array a -> {
                    int size = a.element().size();
                    for (int e = 0; e < a.count(); e++) {
                        List<Integer> sub = new ArrayList<>(path);
                        sub.add(e);
                        leaves(a.element(), sub, offset + e * size, name + "_" + e, param, out);
                    }
                }
                default -> {
                    Local l = k.newLocal(name, t, false);
                    out.add(new Leaf(path, t, offset, l));
                    m.addArgumentLeaf(k, new DeviceModule.ArgumentLeaf(param, offset, l));
                }
            }
        }


        /** Replaces copies of a struct parameter into memory with copies of its leaves. */
        private final class StructParams extends Rewriter {
            @Override
            protected List<Stmt> stmt(Stmt s) {
                at = s.span();
                if (s instanceof Stmt.Store st && st.value() instanceof Expr.LocalGet g && structParams.containsKey(g.local())) {
                    List<Stmt> out = new ArrayList<>();
                    for (Leaf leaf : structParams.get(g.local())) {
                        out.add(new Stmt.Store(path(st.address(), leaf.path()), Build.get(leaf.local()), s.span()));
                    }
                    return out;
                }
                return super.stmt(s);
            }

            @Override
            protected Expr expr(Expr e) {
                Expr.postOrder(e, x -> {
                    if (x instanceof Expr.LocalGet g && structParams.containsKey(g.local())) {
                        reject("using struct parameter '" + g.local().name() + "' other than by copying it");
                    }
                    return x;
                });
                return e;
            }
        }

        /** The address of the part at {@code path} (field and element numbers) of the object at {@code base}. */
        private static Expr path(Expr base, List<Integer> path) {
            Expr a = base;
            for (int step : path) {
                Type t = Build.pointee(a.type());
                a = t instanceof Type.Struct ? new Expr.FieldAddr(a, step) : new Expr.ElementAddr(a, Build.u32(step));
            }
            return a;
        }

        // ---- pointers kept in local variables (a struct's pointer fields, a pointer whose address is taken)

        /**
         * Gives each pointer-typed place inside an addressable local (a pointer field of a struct
         * copy of a parameter, say) a pointer local of its own, so that the rest of the pass sees
         * only pointer locals. The places must be reached by constant paths.
         */
        private Stmt.Block promotePointerPlaces(Stmt.Block body) {
            Set<Local> holders = new HashSet<>();
            for (Local l : k.locals()) {
                if (l.addressable() && holdsPointers(l.type())) {
                    holders.add(l);
                }
            }
            if (holders.isEmpty()) {
                return body;
            }
            Rewriter r = new Rewriter() {
                @Override
                protected List<Stmt> stmt(Stmt s) {
                    at = s.span();
                    if (s instanceof Stmt.Store st && st.value().type() instanceof Type.Ptr) {
                        Local p = promotedLocal(st.address(), holders);
                        if (p != null) {
                            return List.of(new Stmt.Assign(p, expr(st.value()), s.span()));
                        }
                    }
                    if (s instanceof Stmt.Store st && holdsPointers(st.value().type()) && st.value() instanceof Expr.Load l) {
                        String to = constantPath(st.address(), holders);
                        String from = constantPath(l.address(), holders);
                        if (to != null && from != null) {
                            return copyLeaves(st.address(), l.address(), st.value().type(), holders, s.span());
                        }
                        reject("copying structs that hold pointers");
                    }
                    return super.stmt(s);
                }

                @Override
                protected Expr expr(Expr e) {
                    return Expr.postOrder(e, x -> {
                        if (x instanceof Expr.Load l && l.type() instanceof Type.Ptr) {
                            Local p = promotedLocal(l.address(), holders);
                            if (p != null) {
                                return Build.get(p);
                            }
                        }
                        return x;
                    });
                }
            };
            return r.block(body);
        }

        private List<Stmt> copyLeaves(Expr to, Expr from, Type t, Set<Local> holders, Span span) {
            List<Stmt> out = new ArrayList<>();
            switch (t) {
                case Type.Struct s -> {
                    for (int f = 0; f < s.fields().size(); f++) {
                        out.addAll(copyLeaves(new Expr.FieldAddr(to, f), new Expr.FieldAddr(from, f), s.fields().get(f).type(),
                                holders, span));
                    }
                }
                case Type.Array a -> {
                    for (int i = 0; i < a.count(); i++) {
                        out.addAll(copyLeaves(new Expr.ElementAddr(to, Build.u32(i)), new Expr.ElementAddr(from, Build.u32(i)),
                                a.element(), holders, span));
                    }
                }
                case Type.Ptr p -> out.add(new Stmt.Assign(promotedLocal(to, holders), Build.get(promotedLocal(from, holders)), span));
                default -> out.add(new Stmt.Store(to, new Expr.Load(from), span));
            }
            return out;
        }

        private static boolean holdsPointers(Type t) {
            return switch (t) {
                case Type.Ptr p -> true;
                case Type.Array a -> holdsPointers(a.element());
                case Type.Struct s -> {
                    for (Type.Field f : s.fields()) {
                        if (holdsPointers(f.type())) {
                            yield true;
                        }
                    }
                    yield false;
                }
                default -> false;
            };
        }

        /** The local standing for the pointer place at {@code a}, or null when {@code a} is not such a place. */
        private Local promotedLocal(Expr a, Set<Local> holders) {
            String key = constantPath(a, holders);
            if (key == null) {
                return null;
            }
            Local p = promoted.get(key);
            if (p == null) {
                p = k.newLocal(placeName(a), Build.pointee(a.type()), false);
                promoted.put(key, p);
            }
            return p;
        }

        /** "id/f1/e3" for a constant path into a pointer-holding local, or null. */
        private static String constantPath(Expr a, Set<Local> holders) {
            return switch (a) {
                case Expr.LocalAddr l -> holders.contains(l.local()) ? Integer.toString(l.local().id()) : null;
                case Expr.FieldAddr f -> {
                    String b = constantPath(f.base(), holders);
                    yield b == null ? null : b + "/f" + f.field();
                }
                case Expr.ElementAddr e when e.index() instanceof Expr.IntConst c -> {
                    String b = constantPath(e.base(), holders);
                    yield b == null ? null : b + "/e" + c.value();
                }
                default -> null;
            };
        }

        private static String placeName(Expr a) {
            return switch (a) {
                case Expr.LocalAddr l -> l.local().name();
                case Expr.FieldAddr f -> placeName(f.base()) + "."
                        + ((Type.Struct) Build.pointee(f.base().type())).fields().get(f.field()).name();
                case Expr.ElementAddr e -> placeName(e.base()) + "_" + ((Expr.IntConst) e.index()).value();
                default -> "p";
            };
        }
    }
}
