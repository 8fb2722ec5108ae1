package webcu.ir;

/**
 * Binary operators. Arithmetic operands have the result's type (the front end has applied C's
 * usual conversions); shifts take any integer count; comparisons yield {@code bool}. {@code LAND}
 * and {@code LOR} evaluate their right operand only when needed, as C does.
 */
public enum BinaryOp {
    ADD("+"), SUB("-"), MUL("*"), DIV("/"), REM("%"),
    AND("&"), OR("|"), XOR("^"), SHL("<<"), SHR(">>"),
    EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">="),
    LAND("&&"), LOR("||");

    public final String symbol;

    BinaryOp(String symbol) {
        this.symbol = symbol;
    }

    public boolean isComparison() {
        return this == EQ || this == NE || this == LT || this == LE || this == GT || this == GE;
    }

    public boolean isLogical() {
        return this == LAND || this == LOR;
    }
}
