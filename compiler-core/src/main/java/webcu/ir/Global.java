package webcu.ir;

import webcu.diag.Span;

/**
 * A variable of static storage duration. {@code init} holds its initial bytes (little-endian, the
 * struct layout of {@link Type}) or is null for zero; {@code dynamicShared} marks
 * {@code extern __shared__} arrays, whose size is given at launch.
 */
public final class Global {
    private final String name;
    private final Type type;
    private final AddressSpace space;
    private final byte[] init;
    private final boolean readOnly;
    private final boolean dynamicShared;
    private final Span span;

    public Global(String name, Type type, AddressSpace space, byte[] init, boolean readOnly, boolean dynamicShared, Span span) {
        this.name = name;
        this.type = type;
        this.space = space;
        this.init = init;
        this.readOnly = readOnly;
        this.dynamicShared = dynamicShared;
        this.span = span;
    }

    public String name() { return name; }
    public Type type() { return type; }
    public AddressSpace space() { return space; }
    public byte[] init() { return init; }
    public boolean readOnly() { return readOnly; }
    public boolean dynamicShared() { return dynamicShared; }
    public Span span() { return span; }

    @Override
    public String toString() {
        return "@" + name;
    }
}
