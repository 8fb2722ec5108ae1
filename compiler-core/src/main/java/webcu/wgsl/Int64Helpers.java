package webcu.wgsl;

/**
 * WGSL helpers for 64-bit integers on {@code vec2<u32>} (low word first): add, subtract, multiply,
 * shifts, comparisons and division with C's wrap-around, and the conversions between them and
 * f32/f64 bit patterns. Registered with {@link WgslLibrary}, which gives a module only those it uses.
 */
final class Int64Helpers {
    private Int64Helpers() {
    }

    private static void def(String name, String code, String... uses) {
        WgslLibrary.def(name, code, uses);
    }

    static void define() {
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
}
