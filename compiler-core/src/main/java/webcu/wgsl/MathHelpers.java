package webcu.wgsl;

/**
 * WGSL helpers for the float math WGSL lacks or gives less exactly than CUDA (rounding modes,
 * {@code cbrtf}, {@code hypotf}, the trigonometric functions to CUDA's error bounds), the integer
 * intrinsics ({@code __mulhi}, {@code __byte_perm}), and the float-to-integer conversions that
 * saturate as PTX's {@code cvt.rzi} does. Registered with {@link WgslLibrary}.
 */
final class MathHelpers {
    private MathHelpers() {
    }

    private static void def(String name, String code, String... uses) {
        WgslLibrary.def(name, code, uses);
    }

    static void define() {
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
}
