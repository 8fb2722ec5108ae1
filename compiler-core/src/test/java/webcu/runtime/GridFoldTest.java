package webcu.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GridFoldTest {
    private static final int MAX = 65535;

    @Test
    void rows_exactDivisorsWhereAFewMoreRowsGiveOne() {
        assertEquals(1, GridFold.rows(65535, 1, MAX, MAX));
        assertEquals(4, GridFold.rows(262140, 1, MAX, MAX), "4 x 65535");
        assertEquals(8, GridFold.rows(262144, 1, MAX, MAX), "SAXPY's 2^18 blocks: 8 x 32768, no padding");
        assertEquals(4, GridFold.rows(3 * 65537, 1, MAX, MAX), "only 3 and 65537 divide it, neither fits: 4 rows, padded");
        assertEquals(2, GridFold.rows(65543, 1, MAX, MAX), "a prime: the fewest rows");
        assertEquals(3, GridFold.rows(2 * 65537, 1, MAX, MAX), "2 rows of 65537 do not fit: 3, padded");
        assertEquals(5, GridFold.rows(131075, 3, MAX, MAX), "5 x 26215: neither the fewest (3) nor 4 divides it");
        assertEquals(2, GridFold.rows(100001, 10000, MAX, MAX), "no divisor whose rows fit y: the fewest");
    }

    /** Vulkan's limits differ per dimension: NVIDIA's x takes 2^31 - 1 groups, its y 65535. */
    @Test
    void rows_xAndYLimitsApart() {
        assertEquals(1, GridFold.rows(1L << 24, 1, Integer.MAX_VALUE, MAX));
        assertEquals(4, GridFold.rows(1L << 20, 3, 1 << 18, MAX));
        assertEquals(4, GridFold.rows(2800, 1, 1000, MAX), "4 x 700 rather than 3 padded rows");
        assertEquals(3, GridFold.rows(2800, 20000, 1000, MAX), "4 x 20000 rows exceed y's limit: 3, padded");
    }

    @Test
    void of_oneRowDividesByTwoToThe31() {
        GridFold f = GridFold.of(new int[] {65543, 1, 1}, MAX, MAX);
        assertArrayEquals(new int[] {32772, 2, 1}, f.dispatch());
        assertEquals(2, f.rows());
        assertEquals(GridFold.ONE_ROW, f.slices(), "any workgroup row divides to blockIdx.y 0");
        assertTrue(f.padded(), "2 x 32772 covers 65544 blocks, one past the grid");
    }

    @Test
    void of_severalRowsDivideByTheirSlices() {
        GridFold f = GridFold.of(new int[] {131075, 3, 2}, MAX, MAX);
        assertArrayEquals(new int[] {26215, 15, 2}, f.dispatch());
        assertEquals(5, f.slices());
        assertFalse(f.padded());
    }

    @Test
    void of_unfoldedGridAsItIs() {
        GridFold f = GridFold.of(new int[] {65535, 65535, 65535}, MAX, MAX);
        assertArrayEquals(new int[] {65535, 65535, 65535}, f.dispatch());
        assertEquals(1, f.rows());
        assertEquals(1, f.slices());
        assertFalse(f.padded());
    }

    @Test
    void of_rowsBeyondYIsNull() {
        assertNull(GridFold.of(new int[] {65536, 65535, 1}, MAX, MAX), "2 x 65535 rows");
        assertArrayEquals(new int[] {32768, 65534, 1}, GridFold.of(new int[] {65536, 32767, 1}, MAX, MAX).dispatch());
        // CUDA's widest grid folds into 32769 rows on a 65535-wide device
        assertEquals(32769, GridFold.of(new int[] {Integer.MAX_VALUE, 1, 1}, MAX, MAX).rows());
    }
}
