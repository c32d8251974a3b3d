// Lane-by-lane gathers for the f32x4 person loops (wasm SIMD has no gather instruction).

/** The f32 (as 32 bits) at table[idx lane k] in lane k, for the 4 i32 lanes of idx. */
@inline export function gather4(table: usize, idx: v128): v128 {
  let v = v128.load32_zero(table + (<usize>i32x4.extract_lane(idx, 0) << 2));
  v = v128.load32_lane(table + (<usize>i32x4.extract_lane(idx, 1) << 2), v, 1);
  v = v128.load32_lane(table + (<usize>i32x4.extract_lane(idx, 2) << 2), v, 2);
  return v128.load32_lane(table + (<usize>i32x4.extract_lane(idx, 3) << 2), v, 3);
}

/** gather4 with the indices read from memory: the u32 (or, with T = u16, u16) at idx + k * sizeof<T>() in lane k. */
@inline export function gather4From<T>(table: usize, idx: usize): v128 {
  let v = v128.load32_zero(table + (<usize>load<T>(idx) << 2));
  v = v128.load32_lane(table + (<usize>load<T>(idx, sizeof<T>()) << 2), v, 1);
  v = v128.load32_lane(table + (<usize>load<T>(idx, 2 * sizeof<T>()) << 2), v, 2);
  return v128.load32_lane(table + (<usize>load<T>(idx, 3 * sizeof<T>()) << 2), v, 3);
}
