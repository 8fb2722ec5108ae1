package webcu.wgsl;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The WGSL helper functions the writer calls where WGSL has no operator of its own: 64-bit
 * integers on {@code vec2<u32>} (low word first; every operator, comparison and conversion,
 * exact, with C's wrap-around), conversions between float and double bit patterns, and strong
 * compare-and-swap. A kernel module gets only the helpers it uses, each once, with the ones they
 * call. All names start with {@code webcu_}; the writer reserves them before naming anything else.
 */
final class WgslLibrary {
    private record Helper(String code, List<String> uses) {
    }

    private static final Map<String, Helper> ALL = new LinkedHashMap<>();

    private static void def(String name, String code, String... uses) {
        ALL.put(name, new Helper(code, List.of(uses)));
    }

    static {
        def("webcu_DivMod64", """
                struct webcu_DivMod64 {
                  q: vec2<u32>,
                  r: vec2<u32>,
                }
                """);
        def("webcu_i64", """
                fn webcu_i64(x: i32) -> vec2<u32> {
                  return vec2<u32>(bitcast<u32>(x), select(0u, 0xffffffffu, x < 0i));
                }
                """);
        def("webcu_add64", """
                fn webcu_add64(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
                  let lo = a.x + b.x;
                  return vec2<u32>(lo, a.y + b.y + select(0u, 1u, lo < a.x));
                }
                """);
        def("webcu_sub64", """
                fn webcu_sub64(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
                  return vec2<u32>(a.x - b.x, a.y - b.y - select(0u, 1u, a.x < b.x));
                }
                """);
        def("webcu_neg64", """
                fn webcu_neg64(a: vec2<u32>) -> vec2<u32> {
                  return webcu_sub64(vec2<u32>(0u, 0u), a);
                }
                """, "webcu_sub64");
        def("webcu_mulwide", """
                fn webcu_mulwide(a: u32, b: u32) -> vec2<u32> {
                  let a0 = a & 0xffffu;
                  let a1 = a >> 16u;
                  let b0 = b & 0xffffu;
                  let b1 = b >> 16u;
                  let p00 = a0 * b0;
                  let p01 = a0 * b1;
                  let p10 = a1 * b0;
                  let mid = (p00 >> 16u) + (p01 & 0xffffu) + (p10 & 0xffffu);
                  return vec2<u32>((p00 & 0xffffu) | (mid << 16u), a1 * b1 + (p01 >> 16u) + (p10 >> 16u) + (mid >> 16u));
                }
                """);
        def("webcu_mul64", """
                fn webcu_mul64(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
                  let p = webcu_mulwide(a.x, b.x);
                  return vec2<u32>(p.x, p.y + a.x * b.y + a.y * b.x);
                }
                """, "webcu_mulwide");
        def("webcu_shl64", """
                fn webcu_shl64(a: vec2<u32>, n: u32) -> vec2<u32> {
                  let s = n & 63u;
                  if s == 0u {
                    return a;
                  }
                  if s < 32u {
                    return vec2<u32>(a.x << s, (a.y << s) | (a.x >> (32u - s)));
                  }
                  return vec2<u32>(0u, a.x << (s - 32u));
                }
                """);
        def("webcu_shr64u", """
                fn webcu_shr64u(a: vec2<u32>, n: u32) -> vec2<u32> {
                  let s = n & 63u;
                  if s == 0u {
                    return a;
                  }
                  if s < 32u {
                    return vec2<u32>((a.x >> s) | (a.y << (32u - s)), a.y >> s);
                  }
                  return vec2<u32>(a.y >> (s - 32u), 0u);
                }
                """);
        def("webcu_shr64s", """
                fn webcu_shr64s(a: vec2<u32>, n: u32) -> vec2<u32> {
                  let s = n & 63u;
                  let hi = bitcast<i32>(a.y);
                  if s == 0u {
                    return a;
                  }
                  if s < 32u {
                    return vec2<u32>((a.x >> s) | (a.y << (32u - s)), bitcast<u32>(hi >> s));
                  }
                  return vec2<u32>(bitcast<u32>(hi >> (s - 32u)), bitcast<u32>(hi >> 31u));
                }
                """);
        def("webcu_ltu64", """
                fn webcu_ltu64(a: vec2<u32>, b: vec2<u32>) -> bool {
                  return a.y < b.y || (a.y == b.y && a.x < b.x);
                }
                """);
        def("webcu_lts64", """
                fn webcu_lts64(a: vec2<u32>, b: vec2<u32>) -> bool {
                  let ah = bitcast<i32>(a.y);
                  let bh = bitcast<i32>(b.y);
                  return ah < bh || (ah == bh && a.x < b.x);
                }
                """);
        def("webcu_udivmod64", """
                fn webcu_udivmod64(a: vec2<u32>, b: vec2<u32>) -> webcu_DivMod64 {
                  if b.x == 0u && b.y == 0u {
                    return webcu_DivMod64(a, vec2<u32>(0u, 0u));
                  }
                  if a.y == 0u && b.y == 0u {
                    return webcu_DivMod64(vec2<u32>(a.x / b.x, 0u), vec2<u32>(a.x % b.x, 0u));
                  }
                  var q = vec2<u32>(0u, 0u);
                  var r = vec2<u32>(0u, 0u);
                  for (var i = 63u; ; i = i - 1u) {
                    let top = r.y >> 31u;
                    r = webcu_shl64(r, 1u);
                    r.x = r.x | ((select(a.x, a.y, i >= 32u) >> (i & 31u)) & 1u);
                    if top != 0u || !webcu_ltu64(r, b) {
                      r = webcu_sub64(r, b);
                      if i >= 32u {
                        q.y = q.y | (1u << (i - 32u));
                      } else {
                        q.x = q.x | (1u << i);
                      }
                    }
                    if i == 0u {
                      break;
                    }
                  }
                  return webcu_DivMod64(q, r);
                }
                """, "webcu_DivMod64", "webcu_shl64", "webcu_ltu64", "webcu_sub64");
        def("webcu_sdivmod64", """
                fn webcu_sdivmod64(a: vec2<u32>, b: vec2<u32>) -> webcu_DivMod64 {
                  let na = (a.y >> 31u) != 0u;
                  let nb = (b.y >> 31u) != 0u;
                  let d = webcu_udivmod64(select(a, webcu_neg64(a), na), select(b, webcu_neg64(b), nb));
                  return webcu_DivMod64(select(d.q, webcu_neg64(d.q), na != nb), select(d.r, webcu_neg64(d.r), na));
                }
                """, "webcu_udivmod64", "webcu_neg64");
        def("webcu_u64_to_f32", """
                fn webcu_u64_to_f32(a: vec2<u32>) -> f32 {
                  if a.y == 0u {
                    return f32(a.x);
                  }
                  let n = countLeadingZeros(a.y);
                  let s = 32u - n;
                  let m = select((a.y << n) | (a.x >> s), a.y, n == 0u);
                  let sticky = select(0u, 1u, (a.x << n) != 0u);
                  return f32(m | sticky) * exp2(f32(s));
                }
                """);
        def("webcu_i64_to_f32", """
                fn webcu_i64_to_f32(a: vec2<u32>) -> f32 {
                  let neg = (a.y >> 31u) != 0u;
                  let r = webcu_u64_to_f32(select(a, webcu_neg64(a), neg));
                  return select(r, -r, neg);
                }
                """, "webcu_u64_to_f32", "webcu_neg64");
        def("webcu_f32_to_u64", """
                fn webcu_f32_to_u64(f: f32) -> vec2<u32> {
                  let t = trunc(f);
                  if !(t > 0.0f) {
                    return vec2<u32>(0u, 0u);
                  }
                  if t >= 18446744073709551616.0f {
                    return vec2<u32>(0xffffffffu, 0xffffffffu);
                  }
                  let hi = floor(t / 4294967296.0f);
                  return vec2<u32>(u32(t - hi * 4294967296.0f), u32(hi));
                }
                """);
        def("webcu_f32_to_i64", """
                fn webcu_f32_to_i64(f: f32) -> vec2<u32> {
                  if (bitcast<u32>(f) & 0x7fffffffu) > 0x7f800000u {
                    return vec2<u32>(0u, 0u);
                  }
                  let t = trunc(f);
                  if t >= 9223372036854775808.0f {
                    return vec2<u32>(0xffffffffu, 0x7fffffffu);
                  }
                  if t <= -9223372036854775808.0f {
                    return vec2<u32>(0u, 0x80000000u);
                  }
                  let m = webcu_f32_to_u64(abs(t));
                  return select(m, webcu_neg64(m), t < 0.0f);
                }
                """, "webcu_f32_to_u64", "webcu_neg64");
        def("webcu_f32_to_f64", """
                fn webcu_f32_to_f64(f: f32) -> vec2<u32> {
                  let b = bitcast<u32>(f);
                  let sign = b & 0x80000000u;
                  let e = (b >> 23u) & 0xffu;
                  var m = b & 0x7fffffu;
                  var e64 = e + 896u;
                  if e == 0xffu {
                    e64 = 0x7ffu;
                  } else if e == 0u {
                    if m == 0u {
                      return vec2<u32>(0u, sign);
                    }
                    let n = countLeadingZeros(m) - 8u;
                    m = (m << n) & 0x7fffffu;
                    e64 = 897u - n;
                  }
                  return vec2<u32>(m << 29u, sign | (e64 << 20u) | (m >> 3u));
                }
                """);
        def("webcu_f64_to_f32", """
                fn webcu_f64_to_f32(d: vec2<u32>) -> f32 {
                  return webcu_f64_to_f32_mode(d, 0u);
                }
                """, "webcu_f64_to_f32_mode");
        // mode 0: to nearest even, 1: toward zero, 2: up, 3: down
        def("webcu_f64_to_f32_mode", """
                fn webcu_f64_to_f32_mode(d: vec2<u32>, mode: u32) -> f32 {
                  let sign = d.y & 0x80000000u;
                  let neg = sign != 0u;
                  let e = (d.y >> 20u) & 0x7ffu;
                  let mhi = d.y & 0xfffffu;
                  if e == 0x7ffu {
                    if (mhi | d.x) != 0u {
                      return bitcast<f32>(sign | 0x7fc00000u | (mhi << 3u) | (d.x >> 29u));
                    }
                    return bitcast<f32>(sign | 0x7f800000u);
                  }
                  let away = (mode == 2u && !neg) || (mode == 3u && neg);
                  let huge = select(0x7f7fffffu, 0x7f800000u, mode == 0u || away);
                  if e == 0u {
                    return bitcast<f32>(sign | select(0u, 1u, away && (mhi | d.x) != 0u));
                  }
                  let ex = i32(e) - 1023i;
                  if ex > 127i {
                    return bitcast<f32>(sign | huge);
                  }
                  let s = 0x80000000u | (mhi << 11u) | (d.x >> 21u);
                  let sticky = (d.x << 11u) != 0u;
                  var shift = 8u;
                  if ex < -126i {
                    shift = u32(min(8i - 126i - ex, 40i));
                  }
                  var kept = 0u;
                  var rest = s;
                  var lower = sticky;
                  if shift < 32u {
                    kept = s >> shift;
                    rest = s << (32u - shift);
                  } else if shift > 32u {
                    rest = 0u;
                    lower = true;
                  }
                  var up = false;
                  if mode == 0u {
                    up = rest > 0x80000000u || (rest == 0x80000000u && (lower || (kept & 1u) != 0u));
                  } else if away {
                    up = rest != 0u || lower;
                  }
                  if up {
                    kept = kept + 1u;
                  }
                  var bits = kept;
                  if ex >= -126i {
                    bits = (u32(ex + 126i) << 23u) + kept;
                  }
                  if bits >= 0x7f800000u {
                    bits = huge;
                  }
                  return bitcast<f32>(sign | bits);
                }
                """);
    }

    static {
        def("webcu_f32_bits", """
                fn webcu_f32_bits(bits: u32) -> f32 {
                  return bitcast<f32>(bits);
                }
                """);
        def("webcu_isnanf", """
                fn webcu_isnanf(x: f32) -> bool {
                  return (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u;
                }
                """);
        def("webcu_isnan64", """
                fn webcu_isnan64(d: vec2<u32>) -> bool {
                  return (d.y & 0x7ff00000u) == 0x7ff00000u && ((d.y & 0xfffffu) | d.x) != 0u;
                }
                """);
        def("webcu_fminf", """
                fn webcu_fminf(a: f32, b: f32) -> f32 {
                  if webcu_isnanf(a) {
                    return b;
                  }
                  if webcu_isnanf(b) {
                    return a;
                  }
                  return min(a, b);
                }
                """, "webcu_isnanf");
        def("webcu_fmaxf", """
                fn webcu_fmaxf(a: f32, b: f32) -> f32 {
                  if webcu_isnanf(a) {
                    return b;
                  }
                  if webcu_isnanf(b) {
                    return a;
                  }
                  return max(a, b);
                }
                """, "webcu_isnanf");
        def("webcu_roundf", """
                fn webcu_roundf(x: f32) -> f32 {
                  let t = trunc(x);
                  return select(t, t + sign(x), abs(x - t) >= 0.5f);
                }
                """);
        def("webcu_cbrtf", """
                fn webcu_cbrtf(x: f32) -> f32 {
                  let a = abs(x);
                  if a == 0.0f || a > 3.4028234e38f || webcu_isnanf(x) {
                    return x;
                  }
                  var y = pow(a, 1.0f / 3.0f);
                  y = y - (y * y * y - a) / (3.0f * y * y);
                  return select(y, -y, x < 0.0f);
                }
                """, "webcu_isnanf");
        def("webcu_hypotf", """
                fn webcu_hypotf(x: f32, y: f32) -> f32 {
                  let a = abs(x);
                  let b = abs(y);
                  let m = max(a, b);
                  if m == 0.0f {
                    return 0.0f;
                  }
                  let r = min(a, b) / m;
                  return m * sqrt(1.0f + r * r);
                }
                """);
        def("webcu_expm1f", """
                fn webcu_expm1f(x: f32) -> f32 {
                  if abs(x) < 0.01f {
                    return x * (1.0f + x * (0.5f + x * (1.0f / 6.0f + x * (1.0f / 24.0f + x / 120.0f))));
                  }
                  return exp(x) - 1.0f;
                }
                """);
        def("webcu_log1pf", """
                fn webcu_log1pf(x: f32) -> f32 {
                  if abs(x) < 0.01f {
                    return x * (1.0f - x * (0.5f - x * (1.0f / 3.0f - x * (0.25f - x * 0.2f))));
                  }
                  return log(1.0f + x);
                }
                """);
        def("webcu_mulhi", """
                fn webcu_mulhi(a: i32, b: i32) -> i32 {
                  var hi = webcu_mulwide(bitcast<u32>(a), bitcast<u32>(b)).y;
                  if a < 0i {
                    hi = hi - bitcast<u32>(b);
                  }
                  if b < 0i {
                    hi = hi - bitcast<u32>(a);
                  }
                  return bitcast<i32>(hi);
                }
                """, "webcu_mulwide");
        def("webcu_umul64hi", """
                fn webcu_umul64hi(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
                  let p00 = webcu_mulwide(a.x, b.x);
                  let p01 = webcu_mulwide(a.x, b.y);
                  let p10 = webcu_mulwide(a.y, b.x);
                  let p11 = webcu_mulwide(a.y, b.y);
                  let mid = webcu_add64(webcu_add64(vec2<u32>(p00.y, 0u), vec2<u32>(p01.x, 0u)), vec2<u32>(p10.x, 0u));
                  let hi = webcu_add64(webcu_add64(p11, vec2<u32>(p01.y, 0u)), vec2<u32>(p10.y, 0u));
                  return webcu_add64(hi, vec2<u32>(mid.y, 0u));
                }
                """, "webcu_mulwide", "webcu_add64");
        def("webcu_byte_perm", """
                fn webcu_byte_perm(x: u32, y: u32, s: u32) -> u32 {
                  var r = 0u;
                  for (var k = 0u; k < 4u; k = k + 1u) {
                    let sel = (s >> (4u * k)) & 7u;
                    let b = (select(x, y, sel >= 4u) >> (8u * (sel & 3u))) & 0xffu;
                    r = r | (b << (8u * k));
                  }
                  return r;
                }
                """);
        def("webcu_i32_to_f32_rz", """
                fn webcu_i32_to_f32_rz(x: i32) -> f32 {
                  let f = f32(x);
                  let ax = select(bitcast<u32>(x), 0u - bitcast<u32>(x), x < 0i);
                  if u32(abs(f)) > ax {
                    return bitcast<f32>(bitcast<u32>(f) - 1u);
                  }
                  return f;
                }
                """);
        def("webcu_i32_to_f32_ru", """
                fn webcu_i32_to_f32_ru(x: i32) -> f32 {
                  let f = f32(x);
                  let ax = select(bitcast<u32>(x), 0u - bitcast<u32>(x), x < 0i);
                  let af = u32(abs(f));
                  if x >= 0i && af < ax {
                    return bitcast<f32>(bitcast<u32>(f) + 1u);
                  }
                  if x < 0i && af > ax {
                    return bitcast<f32>(bitcast<u32>(f) - 1u);
                  }
                  return f;
                }
                """);
        def("webcu_i32_to_f32_rd", """
                fn webcu_i32_to_f32_rd(x: i32) -> f32 {
                  let f = f32(x);
                  let ax = select(bitcast<u32>(x), 0u - bitcast<u32>(x), x < 0i);
                  let af = u32(abs(f));
                  if x >= 0i && af > ax {
                    return bitcast<f32>(bitcast<u32>(f) - 1u);
                  }
                  if x < 0i && af < ax {
                    return bitcast<f32>(bitcast<u32>(f) + 1u);
                  }
                  return f;
                }
                """);
        def("webcu_u32_to_f64", """
                fn webcu_u32_to_f64(x: u32) -> vec2<u32> {
                  if x == 0u {
                    return vec2<u32>(0u, 0u);
                  }
                  let n = countLeadingZeros(x);
                  let m = x << n;
                  return vec2<u32>(m << 21u, ((1054u - n) << 20u) | ((m >> 11u) & 0xfffffu));
                }
                """);
        def("webcu_i32_to_f64", """
                fn webcu_i32_to_f64(x: i32) -> vec2<u32> {
                  let r = webcu_u32_to_f64(select(bitcast<u32>(x), 0u - bitcast<u32>(x), x < 0i));
                  return vec2<u32>(r.x, r.y | select(0u, 0x80000000u, x < 0i));
                }
                """, "webcu_u32_to_f64");
        def("webcu_f64_to_u32", """
                fn webcu_f64_to_u32(d: vec2<u32>) -> u32 {
                  let e = i32((d.y >> 20u) & 0x7ffu) - 1023i;
                  if (d.y >> 31u) != 0u || e < 0i || (e == 1024i && ((d.y & 0xfffffu) | d.x) != 0u) {
                    return 0u;
                  }
                  if e >= 32i {
                    return 0xffffffffu;
                  }
                  let m = 0x80000000u | ((d.y & 0xfffffu) << 11u) | (d.x >> 21u);
                  return m >> (31u - u32(e));
                }
                """);
        def("webcu_f64_to_i32", """
                fn webcu_f64_to_i32(d: vec2<u32>) -> i32 {
                  let neg = (d.y >> 31u) != 0u;
                  let e = i32((d.y >> 20u) & 0x7ffu) - 1023i;
                  if e < 0i || (e == 1024i && ((d.y & 0xfffffu) | d.x) != 0u) {
                    return 0i;
                  }
                  if e >= 31i {
                    return select(2147483647i, -2147483647i - 1i, neg);
                  }
                  let m = 0x80000000u | ((d.y & 0xfffffu) << 11u) | (d.x >> 21u);
                  let v = bitcast<i32>(m >> (31u - u32(e)));
                  return select(v, -v, neg);
                }
                """);
    }

    static {
        def("webcu_f32_to_i32", """
                fn webcu_f32_to_i32(f: f32) -> i32 {
                  if (bitcast<u32>(f) & 0x7fffffffu) > 0x7f800000u {
                    return 0i;
                  }
                  if f >= 2147483648.0f {
                    return 2147483647i;
                  }
                  if f <= -2147483648.0f {
                    return -2147483647i - 1i;
                  }
                  return i32(f);
                }
                """);
        def("webcu_f32_to_u32", """
                fn webcu_f32_to_u32(f: f32) -> u32 {
                  if (bitcast<u32>(f) & 0x7fffffffu) > 0x7f800000u || f <= 0.0f {
                    return 0u;
                  }
                  if f >= 4294967296.0f {
                    return 0xffffffffu;
                  }
                  return u32(f);
                }
                """);
        def("webcu_sincos", """
                fn webcu_sincos(x: f32, quadrant: i32) -> f32 {
                  if (bitcast<u32>(x) & 0x7fffffffu) >= 0x7f800000u {
                    return webcu_f32_bits(0x7fc00000u);
                  }
                  let k = round(x * 0.636619772367581f);
                  let r = ((x - k * 1.5703125f) - k * 4.837512969970703125e-4f) - k * 7.54978995489188216e-8f;
                  let q = (i32(k) + quadrant) & 3i;
                  let r2 = r * r;
                  let s = r + r * r2 * (-1.6666654611e-1f + r2 * (8.3321608736e-3f - r2 * 1.9515295891e-4f));
                  let c = 1.0f - 0.5f * r2 + r2 * r2 * (4.166664568298827e-2f + r2 * (-1.388731625493765e-3f + r2 * 2.443315711809948e-5f));
                  switch q {
                    case 0i: {
                      return s;
                    }
                    case 1i: {
                      return c;
                    }
                    case 2i: {
                      return -s;
                    }
                    default: {
                      return -c;
                    }
                  }
                }
                """, "webcu_f32_bits");
        def("webcu_sinf", """
                fn webcu_sinf(x: f32) -> f32 {
                  return webcu_sincos(x, 0i);
                }
                """, "webcu_sincos");
        def("webcu_cosf", """
                fn webcu_cosf(x: f32) -> f32 {
                  return webcu_sincos(x, 1i);
                }
                """, "webcu_sincos");
        def("webcu_tanf", """
                fn webcu_tanf(x: f32) -> f32 {
                  return webcu_sincos(x, 0i) / webcu_sincos(x, 1i);
                }
                """, "webcu_sincos");
        def("webcu_acosf", """
                fn webcu_acosf(x: f32) -> f32 {
                  return atan2(sqrt((1.0f - x) * (1.0f + x)), x);
                }
                """);
        def("webcu_tanhf", """
                fn webcu_tanhf(x: f32) -> f32 {
                  if abs(x) > 10.0f {
                    return select(1.0f, -1.0f, x < 0.0f);
                  }
                  return tanh(x);
                }
                """);
        def("webcu_asinf", """
                fn webcu_asinf(x: f32) -> f32 {
                  return atan2(x, sqrt((1.0f - x) * (1.0f + x)));
                }
                """);
        def("webcu_unordered", """
                fn webcu_unordered(a: f32, b: f32) -> bool {
                  return (bitcast<u32>(a) & 0x7fffffffu) > 0x7f800000u || (bitcast<u32>(b) & 0x7fffffffu) > 0x7f800000u;
                }
                """);
    }

    static {
        def("webcu_fault", """
                fn webcu_fault(site: u32, kind: u32) {
                  if atomicAdd(&webcu_debug[0], 1u) == 0u {
                    atomicStore(&webcu_debug[1], kind);
                    atomicStore(&webcu_debug[2], site);
                  }
                }
                """);
        // Bounds checks note the first bad access of an invocation in a private variable and
        // report it when the invocation ends (webcu_flush_faults before every return): an atomic
        // in the check itself kept drivers from scheduling the loads of a loop together (naive
        // SGEMM ran at 0.57x of unchecked WGSL on an H100). A bad index reads or writes element 0.
        def("webcu_oob", """
                var<private> webcu_oob: u32;
                """);
        def("webcu_flush_faults", """
                fn webcu_flush_faults() {
                  if webcu_oob != 0u {
                    webcu_fault(webcu_oob >> 3u, webcu_oob & 7u);
                  }
                }
                """, "webcu_oob", "webcu_fault");
        def("webcu_checked", """
                fn webcu_checked(i: u32, n: u32, site: u32, kind: u32) -> u32 {
                  let bad = i >= n;
                  webcu_oob = select(webcu_oob, (site << 3u) | kind, bad && webcu_oob == 0u);
                  return select(i, 0u, bad);
                }
                """, "webcu_oob");
        def("webcu_checked_word", """
                fn webcu_checked_word(byte: u32, size: u32, n: u32, site: u32, kind: u32) -> u32 {
                  let misaligned = (byte & (min(size, 4u) - 1u)) != 0u;
                  let w = byte >> 2u;
                  let outside = w + select(0u, 1u, size > 4u) >= n;
                  let code = select((site << 3u) | kind, (site << 3u) | 4u, misaligned);
                  webcu_oob = select(webcu_oob, code, (misaligned || outside) && webcu_oob == 0u);
                  return select(w, 0u, misaligned || outside);
                }
                """, "webcu_oob");
    }

    static {
        // doubles as vec2<u32> bit patterns: exact IEEE binary64 arithmetic, round to nearest even
        def("webcu_clz64", """
                fn webcu_clz64(m: vec2<u32>) -> u32 {
                  return select(countLeadingZeros(m.y), 32u + countLeadingZeros(m.x), m.y == 0u);
                }
                """);
        def("webcu_shr64_sticky", """
                fn webcu_shr64_sticky(m: vec2<u32>, s: u32) -> vec2<u32> {
                  if s == 0u {
                    return m;
                  }
                  if s >= 64u {
                    return vec2<u32>(select(0u, 1u, (m.x | m.y) != 0u), 0u);
                  }
                  let r = webcu_shr64u(m, s);
                  return vec2<u32>(r.x | select(0u, 1u, any(webcu_shl64(r, s) != m)), r.y);
                }
                """, "webcu_shr64u", "webcu_shl64");
        def("webcu_f64_sig", """
                fn webcu_f64_sig(a: vec2<u32>) -> vec2<u32> {
                  return vec2<u32>(a.x, (a.y & 0xfffffu) | select(0x100000u, 0u, ((a.y >> 20u) & 0x7ffu) == 0u));
                }
                """);
        def("webcu_f64_exp", """
                fn webcu_f64_exp(a: vec2<u32>) -> i32 {
                  return max(i32((a.y >> 20u) & 0x7ffu), 1i);
                }
                """);
        def("webcu_f64_round", """
                fn webcu_f64_round(sign: u32, e0: i32, m0: vec2<u32>) -> vec2<u32> {
                  var e = e0;
                  var m = m0;
                  if e < 1i {
                    m = webcu_shr64_sticky(m, u32(min(1i - e, 64i)));
                    e = 1i;
                  }
                  if e >= 2047i {
                    return vec2<u32>(0u, sign | 0x7ff00000u);
                  }
                  let rest = m.x & 0x3ffu;
                  var q = webcu_shr64u(m, 10u);
                  if rest > 0x200u || (rest == 0x200u && (q.x & 1u) != 0u) {
                    q = webcu_add64(q, vec2<u32>(1u, 0u));
                  }
                  let bits = webcu_add64(vec2<u32>(0u, u32(e - 1i) << 20u), q);
                  if ((bits.y >> 20u) & 0x7ffu) == 0x7ffu {
                    return vec2<u32>(0u, sign | 0x7ff00000u);
                  }
                  return vec2<u32>(bits.x, bits.y | sign);
                }
                """, "webcu_shr64_sticky", "webcu_shr64u", "webcu_add64");
        def("webcu_dadd", """
                fn webcu_dadd(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
                  let ea = (a.y >> 20u) & 0x7ffu;
                  let eb = (b.y >> 20u) & 0x7ffu;
                  if ea == 0x7ffu || eb == 0x7ffu {
                    if webcu_isnan64(a) {
                      return vec2<u32>(a.x, a.y | 0x80000u);
                    }
                    if webcu_isnan64(b) {
                      return vec2<u32>(b.x, b.y | 0x80000u);
                    }
                    if ea == 0x7ffu && eb == 0x7ffu && ((a.y ^ b.y) >> 31u) != 0u {
                      return vec2<u32>(0u, 0x7ff80000u);
                    }
                    return select(b, a, ea == 0x7ffu);
                  }
                  var x = a;
                  var y = b;
                  if webcu_ltu64(vec2<u32>(a.x, a.y & 0x7fffffffu), vec2<u32>(b.x, b.y & 0x7fffffffu)) {
                    x = b;
                    y = a;
                  }
                  let sx = x.y & 0x80000000u;
                  let ex = webcu_f64_exp(x);
                  let mx = webcu_shl64(webcu_f64_sig(x), 10u);
                  let my = webcu_shr64_sticky(webcu_shl64(webcu_f64_sig(y), 10u), u32(ex - webcu_f64_exp(y)));
                  var m: vec2<u32>;
                  var e = ex;
                  if sx == (y.y & 0x80000000u) {
                    m = webcu_add64(mx, my);
                    if (m.y >> 31u) != 0u {
                      m = webcu_shr64_sticky(m, 1u);
                      e = e + 1i;
                    }
                  } else {
                    m = webcu_sub64(mx, my);
                    if (m.x | m.y) == 0u {
                      return vec2<u32>(0u, 0u);
                    }
                  }
                  let lz = webcu_clz64(m);
                  if lz > 1u {
                    let s = min(lz - 1u, u32(e - 1i));
                    m = webcu_shl64(m, s);
                    e = e - i32(s);
                  }
                  return webcu_f64_round(sx, e, m);
                }
                """, "webcu_isnan64", "webcu_ltu64", "webcu_f64_exp", "webcu_f64_sig", "webcu_shl64", "webcu_shr64_sticky",
                "webcu_add64", "webcu_sub64", "webcu_clz64", "webcu_f64_round");
        def("webcu_dsub", """
                fn webcu_dsub(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
                  return webcu_dadd(a, b ^ vec2<u32>(0u, 0x80000000u));
                }
                """, "webcu_dadd");
        def("webcu_f64_norm", """
                fn webcu_f64_norm(a: vec2<u32>) -> vec3<u32> {
                  let m = webcu_f64_sig(a);
                  let s = webcu_clz64(m) - 11u;
                  let n = webcu_shl64(m, s);
                  return vec3<u32>(n.x, n.y, bitcast<u32>(webcu_f64_exp(a) - i32(s)));
                }
                """, "webcu_f64_sig", "webcu_clz64", "webcu_shl64", "webcu_f64_exp");
        def("webcu_dmul", """
                fn webcu_dmul(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
                  let sign = (a.y ^ b.y) & 0x80000000u;
                  let ea = (a.y >> 20u) & 0x7ffu;
                  let eb = (b.y >> 20u) & 0x7ffu;
                  let za = ((a.y & 0x7fffffffu) | a.x) == 0u;
                  let zb = ((b.y & 0x7fffffffu) | b.x) == 0u;
                  if ea == 0x7ffu || eb == 0x7ffu {
                    if webcu_isnan64(a) {
                      return vec2<u32>(a.x, a.y | 0x80000u);
                    }
                    if webcu_isnan64(b) {
                      return vec2<u32>(b.x, b.y | 0x80000u);
                    }
                    if za || zb {
                      return vec2<u32>(0u, 0x7ff80000u);
                    }
                    return vec2<u32>(0u, sign | 0x7ff00000u);
                  }
                  if za || zb {
                    return vec2<u32>(0u, sign);
                  }
                  let na = webcu_f64_norm(a);
                  let nb = webcu_f64_norm(b);
                  let p00 = webcu_mulwide(na.x, nb.x);
                  let p01 = webcu_mulwide(na.x, nb.y);
                  let p10 = webcu_mulwide(na.y, nb.x);
                  let p11 = webcu_mulwide(na.y, nb.y);
                  let mid = webcu_add64(webcu_add64(vec2<u32>(p00.y, 0u), vec2<u32>(p01.x, 0u)), vec2<u32>(p10.x, 0u));
                  let w1 = mid.x;
                  let hi = webcu_add64(webcu_add64(webcu_add64(p11, vec2<u32>(p01.y, 0u)), vec2<u32>(p10.y, 0u)), vec2<u32>(mid.y, 0u));
                  var e = bitcast<i32>(na.z) + bitcast<i32>(nb.z) - 1023i;
                  var s = 10u;
                  if (hi.y >> 9u) != 0u {
                    s = 11u;
                    e = e + 1i;
                  }
                  let sticky = p00.x != 0u || (w1 << (32u - s)) != 0u;
                  let m = vec2<u32>((w1 >> s) | (hi.x << (32u - s)) | select(0u, 1u, sticky), (hi.x >> s) | (hi.y << (32u - s)));
                  return webcu_f64_round(sign, e, m);
                }
                """, "webcu_isnan64", "webcu_f64_norm", "webcu_mulwide", "webcu_add64", "webcu_f64_round");
        // fma on floats. WGSL lets fma(a, b, c) round twice (SwiftShader does; NVIDIA, AMD, Intel and
        // Apple GPUs fuse it): each entry point tests its adapter once (webcu_fma_probe) and
        // webcu_fmaf takes the hardware's fma where it is fused, else the exact integer one.
        def("webcu_rn", """
                fn webcu_rn(x: f32, zero: u32) -> f32 {
                  return bitcast<f32>(bitcast<u32>(x) | zero);
                }
                """);
        def("webcu_fma_fused", """
                var<private> webcu_fma_fused: bool;
                """);
        def("webcu_fmaf_soft", """
                fn webcu_fmaf_soft(a: f32, b: f32, c: f32) -> f32 {
                  let ua = bitcast<u32>(a);
                  let ub = bitcast<u32>(b);
                  let uc = bitcast<u32>(c);
                  let ea = (ua >> 23u) & 0xffu;
                  let eb = (ub >> 23u) & 0xffu;
                  let ec = (uc >> 23u) & 0xffu;
                  // a zero, infinite or NaN factor: the product is exact (or the result is special)
                  if ea == 0xffu || eb == 0xffu || (ua & 0x7fffffffu) == 0u || (ub & 0x7fffffffu) == 0u {
                    return a * b + c;
                  }
                  if ec == 0xffu {
                    return c;
                  }
                  // a zero addend: the product rounded once keeps its sign even when it underflows to zero
                  if (uc & 0x7fffffffu) == 0u {
                    return a * b;
                  }
                  let ma = (ua & 0x7fffffu) | select(0x800000u, 0u, ea == 0u);
                  let mb = (ub & 0x7fffffu) | select(0x800000u, 0u, eb == 0u);
                  let mc = (uc & 0x7fffffu) | select(0x800000u, 0u, ec == 0u);
                  // value = x * 2^ex: the 48-bit product shifted left 13, the addend's 24 bits left 37
                  var x = webcu_shl64(webcu_mulwide(ma, mb), 13u);
                  var ex = i32(max(ea, 1u)) + i32(max(eb, 1u)) - 313i;
                  var y = vec2<u32>(0u, mc << 5u);
                  var ey = i32(max(ec, 1u)) - 187i;
                  if ex > ey {
                    y = webcu_shr64_sticky(y, u32(min(ex - ey, 100i)));
                    ey = ex;
                  } else {
                    x = webcu_shr64_sticky(x, u32(min(ey - ex, 100i)));
                    ex = ey;
                  }
                  let sx = (ua ^ ub) & 0x80000000u;
                  let sy = uc & 0x80000000u;
                  var m: vec2<u32>;
                  var sign = sx;
                  if sx == sy {
                    m = webcu_add64(x, y);
                  } else if webcu_ltu64(x, y) {
                    m = webcu_sub64(y, x);
                    sign = sy;
                  } else {
                    m = webcu_sub64(x, y);
                  }
                  if (m.x | m.y) == 0u {
                    return 0.0f;
                  }
                  let lead = 63i - i32(webcu_clz64(m));
                  let biased = lead + ex + 127i;
                  // keep 24 bits (fewer for a subnormal result), round to nearest even
                  let s = lead - 23i + max(0i, 1i - biased);
                  var q: u32;
                  if s <= 0i {
                    q = webcu_shl64(m, u32(-s)).x;
                  } else if s == 1i {
                    q = webcu_shr64u(m, 1u).x;
                    if (m.x & 1u) != 0u && (q & 1u) != 0u {
                      q = q + 1u;
                    }
                  } else {
                    let t = webcu_shr64_sticky(m, u32(s - 2i)).x;
                    q = t >> 2u;
                    if (t & 2u) != 0u && ((t & 1u) != 0u || (q & 1u) != 0u) {
                      q = q + 1u;
                    }
                  }
                  let bits = (u32(max(biased - 1i, 0i)) << 23u) + q;
                  if biased >= 255i || bits >= 0x7f800000u {
                    return bitcast<f32>(sign | 0x7f800000u);
                  }
                  return bitcast<f32>(sign | bits);
                }
                """, "webcu_mulwide", "webcu_shl64", "webcu_shr64u", "webcu_shr64_sticky", "webcu_add64", "webcu_sub64",
                "webcu_ltu64", "webcu_clz64");
        // Correctly rounded sqrt and division for __fsqrt_rn, __fdiv_rn and __frcp_rn: WGSL lets sqrt and
        // '/' be off by 2.5 ULP (NVIDIA's Vulkan driver is, where SwiftShader is exact), so the
        // hardware's result is corrected with residuals from the exact fma. For sqrt, c is moved to
        // the largest float whose square is at most x; x - c*c and c*u (u: the gap to c's successor)
        // are multiples of u*u, so x lies above the midpoint's square c*c + c*u + u*u/4 exactly when
        // x - c*c > c*u. For a quotient, the remainders a - c*b of the faithful candidates are exact
        // and the nearest candidate has the smallest. Outside [2^-100, 2^100] the hardware's result stands.
        def("webcu_iabs", """
                fn webcu_iabs(x: i32) -> i32 {
                  return select(-x, x, x >= 0i);
                }
                """);
        def("webcu_sqrt_rn", """
                fn webcu_sqrt_rn(x: f32) -> f32 {
                  let ux = bitcast<u32>(x);
                  if ux < 0x0d800000u || ux >= 0x71800000u {
                    return sqrt(x);
                  }
                  var c = sqrt(x);
                  for (var i = 0; i < 4 && webcu_fmaf_soft(-c, c, x) < 0.0f; i++) {
                    c = bitcast<f32>(bitcast<u32>(c) - 1u);
                  }
                  for (var i = 0; i < 4; i++) {
                    let next = bitcast<f32>(bitcast<u32>(c) + 1u);
                    if webcu_fmaf_soft(-next, next, x) < 0.0f {
                      break;
                    }
                    c = next;
                  }
                  let up = bitcast<f32>(bitcast<u32>(c) + 1u);
                  return select(c, up, webcu_fmaf_soft(-c, c, x) > c * (up - c));
                }
                """, "webcu_fmaf_soft");
        def("webcu_div_rn", """
                fn webcu_div_rn(a: f32, b: f32) -> f32 {
                  let q = a / b;
                  let ea = bitcast<u32>(a) & 0x7fffffffu;
                  let eb = bitcast<u32>(b) & 0x7fffffffu;
                  let eq = bitcast<u32>(q) & 0x7fffffffu;
                  if ea < 0x0d800000u || ea >= 0x71800000u || eb < 0x0d800000u || eb >= 0x71800000u
                      || eq < 0x0d800000u || eq >= 0x71800000u {
                    return q;
                  }
                  var best = q;
                  var err = abs(webcu_fmaf_soft(-q, b, a));
                  for (var d = -2i; d <= 2i; d++) {
                    let c = bitcast<f32>(bitcast<u32>(q) + bitcast<u32>(d));
                    let e = abs(webcu_fmaf_soft(-c, b, a));
                    if e < err {
                      best = c;
                      err = e;
                    }
                  }
                  return best;
                }
                """, "webcu_fmaf_soft");
        def("webcu_fmaf", """
                fn webcu_fmaf(a: f32, b: f32, c: f32) -> f32 {
                  if webcu_fma_fused {
                    return fma(a, b, c);
                  }
                  return webcu_fmaf_soft(a, b, c);
                }
                """, "webcu_fma_fused", "webcu_fmaf_soft");
        // 128-bit unsigned integers as vec4<u32>, low word first: the exact product of two doubles' significands
        def("webcu_shr128_sticky", """
                fn webcu_shr128_sticky(x: vec4<u32>, s: u32) -> vec4<u32> {
                  if s == 0u {
                    return x;
                  }
                  if s >= 128u {
                    return vec4<u32>(select(0u, 1u, any(x != vec4<u32>(0u))), 0u, 0u, 0u);
                  }
                  var w = array<u32, 9>(x.x, x.y, x.z, x.w, 0u, 0u, 0u, 0u, 0u);
                  let q = s >> 5u;
                  let r = s & 31u;
                  var o = vec4<u32>(0u);
                  var lost = 0u;
                  for (var i = 0u; i < q; i++) {
                    lost = lost | w[i];
                  }
                  if r != 0u {
                    lost = lost | (w[q] << (32u - r));
                  }
                  for (var i = 0u; i < 4u; i++) {
                    let lo = w[i + q];
                    let hi = w[i + q + 1u];
                    o[i] = select((lo >> r) | (hi << ((32u - r) & 31u)), lo, r == 0u);
                  }
                  o.x = o.x | select(0u, 1u, lost != 0u);
                  return o;
                }
                """);
        def("webcu_shl128", """
                fn webcu_shl128(x: vec4<u32>, s: u32) -> vec4<u32> {
                  var w = array<u32, 9>(0u, 0u, 0u, 0u, 0u, x.x, x.y, x.z, x.w);
                  let q = s >> 5u;
                  let r = s & 31u;
                  var o = vec4<u32>(0u);
                  for (var i = 0u; i < 4u; i++) {
                    let hi = w[5u + i - q];
                    let lo = w[4u + i - q];
                    o[i] = select((hi << r) | (lo >> ((32u - r) & 31u)), hi, r == 0u);
                  }
                  return o;
                }
                """);
        def("webcu_add128", """
                fn webcu_add128(a: vec4<u32>, b: vec4<u32>) -> vec4<u32> {
                  var o = vec4<u32>(0u);
                  var carry = 0u;
                  for (var i = 0u; i < 4u; i++) {
                    let t = a[i] + b[i];
                    let u = t + carry;
                    carry = select(0u, 1u, t < a[i]) + select(0u, 1u, u < t);
                    o[i] = u;
                  }
                  return o;
                }
                """);
        def("webcu_sub128", """
                fn webcu_sub128(a: vec4<u32>, b: vec4<u32>) -> vec4<u32> {
                  var o = vec4<u32>(0u);
                  var borrow = 0u;
                  for (var i = 0u; i < 4u; i++) {
                    let t = a[i] - b[i];
                    let u = t - borrow;
                    borrow = select(0u, 1u, a[i] < b[i]) + select(0u, 1u, t < borrow);
                    o[i] = u;
                  }
                  return o;
                }
                """);
        def("webcu_lt128", """
                fn webcu_lt128(a: vec4<u32>, b: vec4<u32>) -> bool {
                  for (var i = 3i; i >= 0i; i--) {
                    if a[i] != b[i] {
                      return a[i] < b[i];
                    }
                  }
                  return false;
                }
                """);
        def("webcu_clz128", """
                fn webcu_clz128(x: vec4<u32>) -> u32 {
                  for (var i = 3i; i >= 0i; i--) {
                    if x[i] != 0u {
                      return u32(3i - i) * 32u + countLeadingZeros(x[i]);
                    }
                  }
                  return 128u;
                }
                """);
        // fma on doubles: the 106-bit product and the addend meet in 128 bits (leading bits at 124 and
        // 125, so 70 bits below the rounding point and a sticky bit keep the one rounding exact)
        def("webcu_dfma", """
                fn webcu_dfma(a: vec2<u32>, b: vec2<u32>, c: vec2<u32>) -> vec2<u32> {
                  let ea = (a.y >> 20u) & 0x7ffu;
                  let eb = (b.y >> 20u) & 0x7ffu;
                  let ec = (c.y >> 20u) & 0x7ffu;
                  let za = ((a.y & 0x7fffffffu) | a.x) == 0u;
                  let zb = ((b.y & 0x7fffffffu) | b.x) == 0u;
                  let zc = ((c.y & 0x7fffffffu) | c.x) == 0u;
                  // a zero, infinite or NaN factor: the rounded product is the exact one
                  if ea == 0x7ffu || eb == 0x7ffu || za || zb {
                    return webcu_dadd(webcu_dmul(a, b), c);
                  }
                  // a zero addend: the product rounded once keeps its sign even when it underflows to zero
                  if zc {
                    return webcu_dmul(a, b);
                  }
                  if ec == 0x7ffu {
                    return webcu_dadd(c, c);
                  }
                  let na = webcu_f64_norm(a);
                  let nb = webcu_f64_norm(b);
                  let nc = webcu_f64_norm(c);
                  let p00 = webcu_mulwide(na.x, nb.x);
                  let p01 = webcu_mulwide(na.x, nb.y);
                  let p10 = webcu_mulwide(na.y, nb.x);
                  let p11 = webcu_mulwide(na.y, nb.y);
                  let p = webcu_add128(webcu_add128(vec4<u32>(p00, 0u, 0u), vec4<u32>(0u, p01, 0u)),
                                       webcu_add128(vec4<u32>(0u, p10, 0u), vec4<u32>(0u, 0u, p11)));
                  // value = x * 2^(e - 2170): the product's significand shifted left 20, the addend's 72
                  var x = webcu_shl128(p, 20u);
                  var ex = bitcast<i32>(na.z) + bitcast<i32>(nb.z);
                  var y = webcu_shl128(vec4<u32>(nc.x, nc.y, 0u, 0u), 72u);
                  var ey = bitcast<i32>(nc.z) + 1023i;
                  if ex > ey {
                    y = webcu_shr128_sticky(y, u32(min(ex - ey, 200i)));
                    ey = ex;
                  } else {
                    x = webcu_shr128_sticky(x, u32(min(ey - ex, 200i)));
                    ex = ey;
                  }
                  let sx = (a.y ^ b.y) & 0x80000000u;
                  let sy = c.y & 0x80000000u;
                  var m: vec4<u32>;
                  var sign = sx;
                  if sx == sy {
                    m = webcu_add128(x, y);
                  } else if webcu_lt128(x, y) {
                    m = webcu_sub128(y, x);
                    sign = sy;
                  } else {
                    m = webcu_sub128(x, y);
                  }
                  if all(m == vec4<u32>(0u)) {
                    return vec2<u32>(0u, 0u);
                  }
                  // the leading bit to bit 62 of 64, the rest sticky; the biased exponent follows
                  let lead = 127i - i32(webcu_clz128(m));
                  var top: vec4<u32>;
                  if lead >= 62i {
                    top = webcu_shr128_sticky(m, u32(lead - 62i));
                  } else {
                    top = webcu_shl128(m, u32(62i - lead));
                  }
                  return webcu_f64_round(sign, ex - 2170i + lead + 1023i, top.xy);
                }
                """, "webcu_dadd", "webcu_dmul", "webcu_f64_norm", "webcu_mulwide", "webcu_add128", "webcu_sub128",
                "webcu_shl128", "webcu_shr128_sticky", "webcu_lt128", "webcu_clz128", "webcu_f64_round");
        def("webcu_ddiv", """
                fn webcu_ddiv(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
                  let sign = (a.y ^ b.y) & 0x80000000u;
                  let ea = (a.y >> 20u) & 0x7ffu;
                  let eb = (b.y >> 20u) & 0x7ffu;
                  let za = ((a.y & 0x7fffffffu) | a.x) == 0u;
                  let zb = ((b.y & 0x7fffffffu) | b.x) == 0u;
                  if webcu_isnan64(a) {
                    return vec2<u32>(a.x, a.y | 0x80000u);
                  }
                  if webcu_isnan64(b) {
                    return vec2<u32>(b.x, b.y | 0x80000u);
                  }
                  if ea == 0x7ffu {
                    if eb == 0x7ffu {
                      return vec2<u32>(0u, 0x7ff80000u);
                    }
                    return vec2<u32>(0u, sign | 0x7ff00000u);
                  }
                  if eb == 0x7ffu {
                    return vec2<u32>(0u, sign);
                  }
                  if zb {
                    if za {
                      return vec2<u32>(0u, 0x7ff80000u);
                    }
                    return vec2<u32>(0u, sign | 0x7ff00000u);
                  }
                  if za {
                    return vec2<u32>(0u, sign);
                  }
                  let na = webcu_f64_norm(a);
                  let nb = webcu_f64_norm(b);
                  let mb = vec2<u32>(nb.x, nb.y);
                  var r = vec2<u32>(na.x, na.y);
                  var e = bitcast<i32>(na.z) - bitcast<i32>(nb.z) + 1023i;
                  if webcu_ltu64(r, mb) {
                    r = webcu_shl64(r, 1u);
                    e = e - 1i;
                  }
                  var q = vec2<u32>(0u, 0u);
                  for (var i = 0u; i < 63u; i = i + 1u) {
                    q = webcu_shl64(q, 1u);
                    if !webcu_ltu64(r, mb) {
                      r = webcu_sub64(r, mb);
                      q.x = q.x | 1u;
                    }
                    r = webcu_shl64(r, 1u);
                  }
                  q.x = q.x | select(0u, 1u, (r.x | r.y) != 0u);
                  return webcu_f64_round(sign, e, q);
                }
                """, "webcu_isnan64", "webcu_f64_norm", "webcu_ltu64", "webcu_shl64", "webcu_sub64", "webcu_f64_round");
        def("webcu_dlt", """
                fn webcu_dlt(a: vec2<u32>, b: vec2<u32>) -> bool {
                  if webcu_isnan64(a) || webcu_isnan64(b) {
                    return false;
                  }
                  let ma = vec2<u32>(a.x, a.y & 0x7fffffffu);
                  let mb = vec2<u32>(b.x, b.y & 0x7fffffffu);
                  if (ma.x | ma.y | mb.x | mb.y) == 0u {
                    return false;
                  }
                  let na = (a.y >> 31u) != 0u;
                  let nb = (b.y >> 31u) != 0u;
                  if na != nb {
                    return na;
                  }
                  return select(webcu_ltu64(ma, mb), webcu_ltu64(mb, ma), na);
                }
                """, "webcu_isnan64", "webcu_ltu64");
        def("webcu_deq", """
                fn webcu_deq(a: vec2<u32>, b: vec2<u32>) -> bool {
                  if webcu_isnan64(a) || webcu_isnan64(b) {
                    return false;
                  }
                  if ((a.y & 0x7fffffffu) | a.x | (b.y & 0x7fffffffu) | b.x) == 0u {
                    return true;
                  }
                  return all(a == b);
                }
                """, "webcu_isnan64");
        def("webcu_f64_magnitude", """
                fn webcu_f64_magnitude(d: vec2<u32>, nearest: bool) -> vec2<u32> {
                  let e = i32((d.y >> 20u) & 0x7ffu) - 1023i;
                  if e < -1i || webcu_isnan64(d) {
                    return vec2<u32>(0u, 0u);
                  }
                  if e >= 64i {
                    return vec2<u32>(0xffffffffu, 0xffffffffu);
                  }
                  let m = vec2<u32>(d.x, (d.y & 0xfffffu) | 0x100000u);
                  if e >= 52i {
                    return webcu_shl64(m, u32(e - 52i));
                  }
                  let s = u32(52i - e);
                  let q = webcu_shr64u(m, s);
                  if !nearest {
                    return q;
                  }
                  let r = webcu_sub64(m, webcu_shl64(q, s));
                  let half = webcu_shl64(vec2<u32>(1u, 0u), s - 1u);
                  if webcu_ltu64(half, r) || (all(r == half) && (q.x & 1u) != 0u) {
                    return webcu_add64(q, vec2<u32>(1u, 0u));
                  }
                  return q;
                }
                """, "webcu_isnan64", "webcu_shl64", "webcu_shr64u", "webcu_sub64", "webcu_ltu64", "webcu_add64");
        def("webcu_f64_to_i64", """
                fn webcu_f64_to_i64(d: vec2<u32>, nearest: bool) -> vec2<u32> {
                  let m = webcu_f64_magnitude(d, nearest);
                  if (d.y >> 31u) != 0u {
                    if webcu_ltu64(vec2<u32>(0u, 0x80000000u), m) {
                      return vec2<u32>(0u, 0x80000000u);
                    }
                    return webcu_neg64(m);
                  }
                  if (m.y >> 31u) != 0u {
                    return vec2<u32>(0xffffffffu, 0x7fffffffu);
                  }
                  return m;
                }
                """, "webcu_f64_magnitude", "webcu_ltu64", "webcu_neg64");
        def("webcu_f64_to_u64", """
                fn webcu_f64_to_u64(d: vec2<u32>) -> vec2<u32> {
                  if (d.y >> 31u) != 0u {
                    return vec2<u32>(0u, 0u);
                  }
                  return webcu_f64_magnitude(d, false);
                }
                """, "webcu_f64_magnitude");
        def("webcu_f64_to_i32_rn", """
                fn webcu_f64_to_i32_rn(d: vec2<u32>) -> i32 {
                  let v = webcu_f64_to_i64(d, true);
                  if webcu_lts64(v, vec2<u32>(0x80000000u, 0xffffffffu)) {
                    return -2147483647i - 1i;
                  }
                  if webcu_lts64(vec2<u32>(0x7fffffffu, 0u), v) {
                    return 2147483647i;
                  }
                  return bitcast<i32>(v.x);
                }
                """, "webcu_f64_to_i64", "webcu_lts64");
        def("webcu_u64_to_f64", """
                fn webcu_u64_to_f64(a: vec2<u32>) -> vec2<u32> {
                  if a.y == 0u {
                    return webcu_u32_to_f64(a.x);
                  }
                  let n = countLeadingZeros(a.y);
                  let m = webcu_shl64(a, n);
                  return webcu_f64_round(0u, 1086i - i32(n), webcu_shr64_sticky(m, 1u));
                }
                """, "webcu_u32_to_f64", "webcu_shl64", "webcu_f64_round", "webcu_shr64_sticky");
        def("webcu_i64_to_f64", """
                fn webcu_i64_to_f64(a: vec2<u32>) -> vec2<u32> {
                  let neg = (a.y >> 31u) != 0u;
                  let r = webcu_u64_to_f64(select(a, webcu_neg64(a), neg));
                  return vec2<u32>(r.x, r.y | select(0u, 0x80000000u, neg));
                }
                """, "webcu_u64_to_f64", "webcu_neg64");
    }

    private final Set<String> used = new LinkedHashSet<>();

    /** Every helper's code (tests run it through Tint), with what it needs declared around it. */
    static String all() {
        StringBuilder sb = new StringBuilder("@group(1) @binding(0) var<storage, read_write> " + WgslWriter.DEBUG
                + ": array<atomic<u32>>;\n");
        for (Helper h : ALL.values()) {
            sb.append('\n').append(h.code());
        }
        return sb.append("\n@compute @workgroup_size(1)\nfn main() {\n}\n").toString();
    }

    /** Every helper's name, for the writer to reserve. */
    static Set<String> names() {
        return ALL.keySet();
    }

    /** Marks {@code name} (and what it calls) as used; returns the name. */
    String use(String name) {
        Helper h = ALL.get(name);
        if (h == null) {
            throw new IllegalArgumentException("no WGSL helper " + name);
        }
        if (!used.contains(name)) {
            for (String u : h.uses()) {
                use(u);
            }
            used.add(name);
        }
        return name;
    }

    boolean isEmpty() {
        return used.isEmpty();
    }

    /** The used helpers' code, in definition order. */
    String code() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Helper> e : ALL.entrySet()) {
            if (used.contains(e.getKey())) {
                sb.append('\n').append(e.getValue().code());
            }
        }
        return sb.toString();
    }
}
