package webcu.ir;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.Span;

/**
 * A function of the module, with identity (calls refer to it, and it may call itself). A function
 * without a body is external: the VM's library or a device pass provides it (printf, cudaMalloc,
 * sqrtf …), and linking reports it when nobody does.
 */
public final class Function {
    private final String name;
    private final ExecutionSpace space;
    private final Type returnType;
    private final List<Local> params;
    private final boolean variadic;
    private final Span span;
    private final List<Local> locals = new ArrayList<>();
    private Stmt.Block body;
    /** Declared not to throw: the host VM terminates an exception that would leave it (C++'s noexcept). */
    private boolean noexcept;

    public Function(String name, ExecutionSpace space, Type returnType, List<Local> params, boolean variadic, Span span) {
        this.name = name;
        this.space = space;
        this.returnType = returnType;
        this.params = List.copyOf(params);
        this.variadic = variadic;
        this.span = span;
        locals.addAll(params);
    }

    public String name() { return name; }

    /** The name as the source wrote it: without the {@code .N} that keeps IR names unique (overloads, several units). */
    public String sourceName() {
        return sourceName(name);
    }

    /** {@code irName} without a trailing {@code .N}. */
    public static String sourceName(String irName) {
        int dot = irName.lastIndexOf('.');
        if (dot <= 0 || dot == irName.length() - 1) {
            return irName;
        }
        for (int i = dot + 1; i < irName.length(); i++) {
            if (irName.charAt(i) < '0' || irName.charAt(i) > '9') {
                return irName;
            }
        }
        return irName.substring(0, dot);
    }
    public ExecutionSpace space() { return space; }
    public Type returnType() { return returnType; }
    public List<Local> params() { return params; }
    public boolean variadic() { return variadic; }
    public Span span() { return span; }
    /** Parameters first, then every other local, in id order. */
    public List<Local> locals() { return locals; }
    public Stmt.Block body() { return body; }
    public boolean isExternal() { return body == null; }
    public boolean isKernel() { return space == ExecutionSpace.KERNEL; }

    public Local newLocal(String name, Type type, boolean addressable) {
        Local l = new Local(locals.size(), name, type, addressable);
        locals.add(l);
        return l;
    }

    /** Replaces a local (same id), e.g. when a pass makes it addressable. */
    public void replaceLocal(Local l) {
        locals.set(l.id(), l);
    }

    public boolean isNoexcept() { return noexcept; }

    public void setNoexcept(boolean noexcept) {
        this.noexcept = noexcept;
    }

    public void setBody(Stmt.Block body) {
        this.body = body;
    }

    @Override
    public String toString() {
        return "@" + name;
    }
}
