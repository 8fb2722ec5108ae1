package webcu.vm;

import java.util.BitSet;

/**
 * What the compiled loops of one function found their speculations wrong about, so that the loops
 * compiled next speculate less: registers that entered a loop holding a value that is not a 32-bit
 * int or not a float, counted loops that could not be charged ahead, and access sites that kept
 * leaving the segment they started in. Kept in
 * {@link Code}; only a loop compiler writes it, so the browser build never makes one.
 */
final class LoopHints {
    /** A site leaving its segment this often is compiled to follow the segment instead of leaving. */
    static final int MISSES_TO_FOLLOW = 16;

    /** Integer registers not to hold in JVM ints. */
    final BitSet wideInts = new BitSet();
    /** Float registers not to hold in JVM floats. */
    final BitSet doubleFloats = new BitSet();
    /** Headers of loops not to compile as counted loops: their bounds were too close to the end of the int range. */
    final BitSet uncounted = new BitSet();
    /** Access sites that look their segment up again instead of leaving the compiled loop. */
    final BitSet followedSites = new BitSet();
    /** Times each site left a compiled loop because its address fell outside the cached segment. */
    final int[] siteMisses;

    LoopHints(int sites) {
        siteMisses = new int[sites];
    }

    /** Counts a miss; true once the site should follow its segment instead. */
    boolean missed(int site) {
        if (++siteMisses[site] < MISSES_TO_FOLLOW || followedSites.get(site)) {
            return false;
        }
        followedSites.set(site);
        return true;
    }
}
