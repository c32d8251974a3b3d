// key = hash(grupo_comparacao, replica) (DESIGN 4): the same for every variant of a plan and every
// job of the comparison group, so variants and jobs share their random numbers (CRN).

const MASK = (1n << 64n) - 1n;

function mix64(z: bigint): bigint {
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
  return z ^ (z >> 31n);
}

/** FNV-1a 64 of the UTF-8 group name, then SplitMix64 with the replica: two u32 halves [lo, hi]. */
export function replicaKey(grupoComparacao: string, replica: number): [number, number] {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(grupoComparacao)) h = ((h ^ BigInt(b)) * 0x100000001b3n) & MASK;
  const k = mix64((h + BigInt(replica + 1) * 0x9e3779b97f4a7c15n) & MASK);
  return [Number(k & 0xffffffffn), Number(k >> 32n)];
}
