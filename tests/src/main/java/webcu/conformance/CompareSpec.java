package webcu.conformance;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A manifest's {@code compare} column: a mode and its parameters, e.g. {@code numeric-tolerance(rel=1e-12,abs=0)}. */
public record CompareSpec(String mode, Map<String, Double> params) {
    private static final Pattern SPEC = Pattern.compile("([a-z-]+)(?:\\((.*)\\))?");

    public CompareSpec {
        params = Map.copyOf(params);
    }

    public static CompareSpec parse(String spec) {
        Matcher m = SPEC.matcher(PyText.strip(spec));
        if (!m.matches()) {
            throw new IllegalArgumentException("bad compare spec: " + spec);
        }
        Map<String, Double> params = new LinkedHashMap<>();
        if (m.group(2) != null && !m.group(2).isEmpty()) {
            for (String kv : m.group(2).split(",", -1)) {
                String[] parts = kv.split("=", -1);
                if (parts.length != 2) {
                    throw new IllegalArgumentException("bad compare parameter '" + kv + "' in " + spec);
                }
                params.put(PyText.strip(parts[0]), Double.parseDouble(PyText.strip(parts[1])));
            }
        }
        return new CompareSpec(m.group(1), params);
    }

    double param(String name, double fallback) {
        Double v = params.get(name);
        return v == null ? fallback : v;
    }
}
