package webcu.passes;

import java.util.ArrayList;
import java.util.List;
import webcu.diag.Span;
import webcu.ir.BinaryOp;
import webcu.ir.Builtin;
import webcu.ir.Expr;
import webcu.ir.Function;
import webcu.ir.Local;
import webcu.ir.Stmt;
import webcu.ir.Type;

/**
 * Computes {@code blockIdx} from the WebGPU dispatch's workgroup id, so that a grid wider than a
 * dispatch may be still runs.
 *
 * <p>CUDA feature: {@code blockIdx} (and grids up to 2^31 - 1 blocks in x).
 *
 * <p>Why WebGPU and Vulkan need it: a dispatch has at most 65535 workgroups per dimension (the
 * adapter's {@code maxComputeWorkgroupsPerDimension}; most Vulkan drivers'
 * {@code maxComputeWorkGroupCount}). The host dispatches a wide x as rows of slices:
 * {@code gridSlices.x} workgroup rows per CUDA row, each slice as wide as the dispatch's x. So
 * {@code blockIdx.x} is the workgroup's x plus its slice's start, {@code blockIdx.y} the
 * workgroup's row divided by the slices per row, and {@code blockIdx.z} the workgroup's z; the
 * padding workgroups of a row's last slice ({@code blockIdx.x >= gridDim.x}) return at once. Every
 * kernel gets the check, whether it reads {@code blockIdx} or not: a padding workgroup must not
 * repeat a block's work.
 *
 * <p>For WGSL the check also asks {@code gridPadding.x}, a pipeline constant: most launches have
 * no padding (a grid within the limit, or one whose x the host split into equal slices exactly),
 * and their pipeline, with it 0, has no check at all (it cost SAXPY 2.3% on an H200). The check
 * after it still holds in such a launch ({@code blockIdx.x < gridDim.x} in every workgroup), which
 * {@link AccessRanges} relies on. On Vulkan (65535 workgroups in x on most drivers, 2^31 - 1 on
 * NVIDIA's) the SPIR-V writer makes the slices per row a specialization constant, 1 unless the
 * device folds the launch, and keeps the check without a constant in front.
 *
 * <p>Expects: the kernel's returns as the other passes left them (it runs after
 * {@link ThreadCoarsening} and {@link Watchdog}, whose statements it puts itself in front of).
 * Guarantees afterwards: no {@code blockIdx} in kernels; each kernel starts with the three
 * assignments and the check.
 */
public final class GridFolding implements DevicePass {
    @Override
    public String name() {
        return "GridFolding";
    }

    @Override
    public void run(DeviceModule m) {
        for (Function k : m.kernels()) {
            fold(k, m.target().spirv());
        }
    }

    private static void fold(Function k, boolean spirv) {
        Span at = k.span() == null ? Span.NONE : k.span();
        Local[] blockIdx = new Local[3];
        boolean[] used = new boolean[3];
        used[0] = true; // the padding check reads x
        Rewriter.forEachExpr(k.body(), (s, e) -> {
            if (e instanceof Expr.BuiltinGet b && b.builtin() == Builtin.BLOCK_IDX) {
                used[b.component()] = true;
            }
        });
        for (int c = 0; c < 3; c++) {
            if (used[c]) {
                blockIdx[c] = k.newLocal("blockIdx_" + "xyz".charAt(c), Type.U32, false);
            }
        }
        Stmt.Block body = new Rewriter() {
            @Override
            protected Expr expr(Expr e) {
                return Expr.postOrder(e, x -> x instanceof Expr.BuiltinGet b && b.builtin() == Builtin.BLOCK_IDX
                        ? Build.get(blockIdx[b.component()]) : x);
            }
        }.block(k.body());
        Expr slices = new Expr.BuiltinGet(Builtin.GRID_SLICES, 0);
        List<Stmt> stmts = new ArrayList<>();
        stmts.add(Build.assign(blockIdx[0], Build.bin(BinaryOp.ADD, workgroup(Builtin.WORKGROUP_ID, 0),
                Build.bin(BinaryOp.MUL, Build.bin(BinaryOp.REM, workgroup(Builtin.WORKGROUP_ID, 1), slices),
                        workgroup(Builtin.NUM_WORKGROUPS, 0))), at));
        if (used[1]) {
            stmts.add(Build.assign(blockIdx[1], Build.bin(BinaryOp.DIV, workgroup(Builtin.WORKGROUP_ID, 1), slices), at));
        }
        if (used[2]) {
            stmts.add(Build.assign(blockIdx[2], workgroup(Builtin.WORKGROUP_ID, 2), at));
        }
        Expr padding = Build.bin(BinaryOp.GE, Build.get(blockIdx[0]), new Expr.BuiltinGet(Builtin.GRID_DIM, 0));
        if (!spirv) {
            // the constant first: where it is 0 the driver drops the whole check
            padding = Build.bin(BinaryOp.LAND, Build.bin(BinaryOp.NE, workgroup(Builtin.GRID_PADDING, 0), Build.u32(0)),
                    padding);
        }
        stmts.add(new Stmt.If(padding, Build.block(List.of(new Stmt.Return(null, at)), at), Build.block(List.of(), at), at));
        stmts.addAll(body.stmts());
        k.setBody(Build.block(stmts, body.span()));
    }

    private static Expr workgroup(Builtin b, int component) {
        return new Expr.BuiltinGet(b, component);
    }
}
