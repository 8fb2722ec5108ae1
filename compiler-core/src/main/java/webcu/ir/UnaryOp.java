package webcu.ir;

/** Unary operators: arithmetic negation, bitwise complement, logical not (bool to bool). */
public enum UnaryOp {
    NEG("-"), NOT("~"), LNOT("!");

    public final String symbol;

    UnaryOp(String symbol) {
        this.symbol = symbol;
    }
}
