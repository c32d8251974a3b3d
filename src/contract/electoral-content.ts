// The electoral reading of free text (contract_code electoral_content). The rule set is
// documented in docs/contracts.md, "Electoral content"; keep both in sync.
//
// Text is normalised (compatibility decomposition, accents and invisible characters removed,
// look-alike Cyrillic/Greek letters mapped, lower case, repeated letters collapsed), then read as
// words in three ways: plain words; words rebuilt from disguises (letters spaced out "v o t e",
// joined by punctuation "Elei-ção" / "v.o.t.e", digits or symbols for letters "3l31ç@o").
// A text is electoral when it has
//   1. a strong term (eleição, eleitor(al), reeleição, urna eletrônica, partido político, ...), or
//   2. a medium term (vote/voto/votação, candidato, eleito, eleja, urna, turno ...) written in a
//      disguise (nobody spells out "v o t e" in ordinary copy), or
//   3. a medium term together with an office or party word (prefeito, vereador, deputado, partido ...),
//      or medium terms of two families ("vote no candidato"; vote + eleito alone is a contest), or
//   4. a call to vote for a ballot number ("vote 13", "vote no 45") or a name ("vote em Maria").
// "Vote no seu sabor favorito", "eleito o melhor café", "votos de boas festas" and
// "candidatos à vaga" stay ordinary marketing text.

const HOMOGLYPHS: Record<string, string> = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ӏ: 'l', к: 'k', м: 'm', т: 't', в: 'b', н: 'h',
  α: 'a', ε: 'e', ο: 'o', ν: 'v', ι: 'i', κ: 'k', τ: 't', ρ: 'p', υ: 'u',
};
// Digits and symbols read as letters inside a word. 1 and | are ambiguous (i or l): both are tried.
const LEET: Record<string, string> = { '0': 'o', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };
const AMBIGUOUS = /[1|]/;

// Patterns over normalised words (accents removed, repeated letters collapsed: reeleição -> releicao).
const STRONG: RegExp[] = [
  /^r?eleic(ao|oes)$/, // eleição, eleições, reeleição
  /^eleitor(a|as|es|al|ais|ado|ados|almente|eir[oa]s?)?$/, // eleitor, eleitoral, eleitorado, eleitoreiro
  /^releit[oa]s?$/, // reeleito
  /^r?eleg(er|endo|eram|eu|emos)$/, // eleger, reeleger
  /^r?elej(a|am|amos)$/, // eleja, reeleja (imperative of a campaign)
  /^plebiscitos?$/, /^referendos?$/, /^coligac(ao|oes)$/, /^comicios?$/, /^presidenciave(l|is)$/,
  /^precandidat(o|a|os|as|ura|uras)$/,
  /^tse$/, /^tre$/, // electoral courts (as whole words only)
];
const STRONG_PHRASES: RegExp[] = [
  /\burnas? eletronicas?\b/, /\bboca de urna\b/, /\bpartidos? politicos?\b/, /\bhorario (politico|gratuito)\b/,
  /\b(primeiro|segundo) turno (da|das) eleic/, /\bpresidente da republica\b/, /\bjustica eleitoral\b/,
];
// Medium terms by family: vote, candidate, elected, ballot box, round.
const MEDIUM_FAMILIES: Record<'voto' | 'candidato' | 'eleito' | 'urna' | 'turno', RegExp> = {
  voto: /^vot(o|os|ar|e|es|em|ei|ou|amos|aram|ando|ado|ados|ada|adas|ante|antes|acao|acoes|aria|emos|ara)$/,
  candidato: /^candidat(o|a|os|as|ura|uras)$/,
  eleito: /^eleit[oa]s?$/,
  urna: /^urnas?$/,
  turno: /^turnos?$/,
};
const MEDIUM: RegExp[] = Object.values(MEDIUM_FAMILIES);
const CONTEXT: RegExp[] = [
  /^prefeit[oa]s?$/, /^vereador(a|as|es)?$/, /^deputad[oa]s?$/, /^senador(a|as|es)?$/, /^governador(a|as|es)?$/,
  /^presidenta$/, /^partidos?$/, /^mandatos?$/, /^legislativ[oa]$/,
];

function baseNormalise(text: string, homoglyphs = true): string {
  let s = text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/\p{Cf}/gu, '');
  if (homoglyphs) s = [...s].map((ch) => HOMOGLYPHS[ch] ?? HOMOGLYPHS[ch.toLowerCase()] ?? ch).join('');
  return s.toLowerCase();
}

const collapse = (w: string): string => w.replace(/(.)\1+/g, '$1');
const matchesAny = (w: string, list: RegExp[]): boolean => list.some((r) => r.test(w));

interface Reading {
  plain: string[]; // ordinary words
  disguised: string[]; // words rebuilt from a disguise
}

/** The words of a normalised text, plain and rebuilt from disguises. */
function read(norm: string): Reading {
  const plain = (norm.match(/[a-z]+/g) ?? []).map(collapse);
  const disguised = new Set<string>();
  const leetVariants = (w: string): string[] => {
    const mapped = [...w].map((c) => LEET[c] ?? c).join('');
    return AMBIGUOUS.test(mapped) ? [mapped.replace(/[1|]/g, 'i'), mapped.replace(/[1|]/g, 'l')] : [mapped];
  };
  // Chunks: maximal runs without whitespace ("elei-cao", "v.o.t.e", "3l31c@o").
  const chunks = norm.split(/\s+/).filter((c) => c !== '');
  for (const chunk of chunks) {
    const parts = chunk.split(/[^a-z0-9@$|]+/).filter((p) => p !== '');
    // e-mail, e-leitor (e-book reader): the "e-" prefix is not a disguise.
    const joinable = parts.length > 1 && !(parts[0] === 'e' && /^e-/.test(chunk)) ? parts.join('') : null;
    for (const w of [joinable, ...parts]) {
      if (w === null || !/[a-z]/.test(w)) continue;
      for (const v of leetVariants(w)) {
        const c = collapse(v.replace(/[^a-z]/g, ''));
        if (c !== collapse(w.replace(/[^a-z]/g, '')) || w === joinable) disguised.add(c);
      }
    }
  }
  // Letters spaced out: runs of one-character tokens ("v o t e", "e l e i c a o").
  const tokens = norm.split(/[^a-z0-9@$|]+/).filter((t) => t !== '');
  let run: string[] = [];
  const flush = () => {
    for (let i = 0; i < run.length; i++) {
      for (let j = i + 4; j <= run.length; j++) {
        for (const v of leetVariants(run.slice(i, j).join(''))) disguised.add(collapse(v));
      }
    }
    run = [];
  };
  for (const t of tokens) {
    if (t.length === 1) run.push(t);
    else flush();
  }
  flush();
  return { plain, disguised: [...disguised] };
}

/** Ordinary idioms that contain a medium term ("votos de boas festas", "voto de confiança"). */
const IDIOMS = /\bvotos? de \w+/g;
/** Pronouns after "vote em" that are not a candidate's name. */
const NOT_A_NAME = /^(nos|voce|voces|mim|ti|todos|todas)$/i;

// Texts repeat (templates, policies, names of a series of jobs): remember recent readings.
const MEMO_SIZE = 4096;
const memo = new Map<string, boolean>();

/** Whether a free text has electoral content (rule set above). */
export function hasElectoralContent(text: string): boolean {
  const known = memo.get(text);
  if (known !== undefined) return known;
  const result = readElectoral(text);
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(text, result);
  return result;
}

function readElectoral(text: string): boolean {
  if (text.trim() === '') return false;
  const norm = baseNormalise(text);
  const { plain, disguised } = read(norm);
  // A word that only exists once look-alike letters are mapped is a disguise too.
  const genuine = new Set(read(baseNormalise(text, false)).plain);
  for (const w of plain) if (!genuine.has(w)) disguised.push(w);
  if ([...plain, ...disguised].some((w) => matchesAny(w, STRONG))) return true;
  const flat = plain.join(' ');
  if (STRONG_PHRASES.some((r) => r.test(flat))) return true;
  if (disguised.some((w) => w.length >= 4 && matchesAny(w, MEDIUM))) return true;
  // Calls to vote for a ballot number or for a (capitalised) name, read on the accent-free text.
  const unaccented = text.normalize('NFKD').replace(/\p{M}/gu, '');
  if (/\bvot(e|em|ar)\s+((n[oa]|em)\s+)?(numero\s+)?\d{2,5}\b/i.test(unaccented)) return true;
  const name = /\bvot(?:e|em|ar)\s+em\s+(\p{Lu}\p{L}*)/iu.exec(unaccented);
  if (name && /^\p{Lu}/u.test(name[1]) && !NOT_A_NAME.test(name[1])) return true;
  const plainMedium = flat.replace(IDIOMS, ' ').match(/[a-z]+/g) ?? [];
  const families = new Set(Object.entries(MEDIUM_FAMILIES).filter(([, r]) => plainMedium.some((w) => r.test(w))).map(([f]) => f));
  if (families.size === 0) return false;
  // Two families together ("vote no candidato", "candidato eleito", "vote no segundo turno"),
  // except vote + elected, which contests use ("vote no café que será eleito o melhor").
  const contest = families.size === 2 && families.has('voto') && families.has('eleito');
  if (families.size >= 2 && !contest) return true;
  return [...plain, ...disguised].some((w) => matchesAny(w, CONTEXT));
}
