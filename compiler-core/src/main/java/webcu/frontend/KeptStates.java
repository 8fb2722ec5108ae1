package webcu.frontend;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The last few values saved under a key, the least recently used leaving first: the header
 * states the preprocessor and the parser keep between compiles. Synchronized because the fuzzer
 * compiles on several threads; the values themselves must be immutable.
 */
final class KeptStates<V> {
    private final Map<String, V> map = new LinkedHashMap<>(16, 0.75f, true);
    private int kept;

    KeptStates(int kept) {
        this.kept = kept;
    }

    synchronized V get(String key) {
        return map.get(key);
    }

    synchronized void put(String key, V value) {
        map.put(key, value);
        trim();
    }

    /** How many to keep from now on; 0 keeps none. */
    synchronized void keep(int n) {
        kept = n;
        trim();
    }

    private void trim() {
        while (map.size() > kept) {
            map.remove(map.keySet().iterator().next());
        }
    }
}
