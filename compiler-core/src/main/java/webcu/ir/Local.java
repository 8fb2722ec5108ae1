package webcu.ir;

/**
 * A variable of one function. An {@code addressable} local lives in memory (its address is
 * taken, or it is an array or struct); the others are values, read with {@link Expr.LocalGet}
 * and written with {@link Stmt.Assign}.
 */
public record Local(int id, String name, Type type, boolean addressable) {
    @Override
    public String toString() {
        return "%" + name + "." + id;
    }
}
