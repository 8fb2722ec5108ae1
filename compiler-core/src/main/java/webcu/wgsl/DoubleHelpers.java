package webcu.wgsl;

/**
 * WGSL helpers for doubles as {@code vec2<u32>} bit patterns: exact IEEE binary64 arithmetic
 * (add, subtract, multiply, divide, fma, comparisons), rounded to nearest even, with the 128-bit
 * helpers they need; and the float fma that rounds once whatever the adapter's {@code fma} does.
 * Registered with {@link WgslLibrary}.
 */
final class DoubleHelpers {
    private DoubleHelpers() {
    }

    private static void def(String name, String code, String... uses) {
        WgslLibrary.def(name, code, uses);
    }

    static void define() {
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
}
