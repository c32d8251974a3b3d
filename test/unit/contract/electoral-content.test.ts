// The electoral rule set of docs/contracts.md on electoral and ordinary texts.
import { describe, expect, it } from 'vitest';
import { hasElectoralContent } from '../../../src/contract/electoral-content.js';

const ELECTORAL = [
  'Eleições 2026', 'ELEIÇÃO MUNICIPAL', 'eleicao', 'Propaganda eleitoral gratuita', 'Seja um bom eleitor', 'Reeleição já',
  'Vote 13', 'vote no 45', 'Vote em Maria', 'Votem em João Silva', 'Candidato a prefeito', 'Eleja Ana vereadora',
  'pré-candidato', 'Vote no candidato João', 'candidata eleita', 'vote no segundo turno', 'urna eletrônica', 'Boca de urna', 'partido político', 'Plebiscito popular', 'Coligação Frente Ampla',
  // disguises: spacing, punctuation, case, leetspeak, look-alike letters, invisible characters
  'v o t e', 'V.O.T.E', 'v-o-t-e', 'Elei-ção', 'E L E I Ç Ã O', 'el3içã0', '3l31ç@o', 'V0TE', 'vоte' /* Cyrillic o */,
  'el\u200beição' /* zero-width space */, 'ｅｌｅｉçãｏ' /* full-width */, 'r e e l e i ç ã o', 'eleeeeição', 'c4ndid4to',
];
const ORDINARY = [
  'Promoção de verão: 50% de desconto', 'Campanha de vacinação contra a gripe', 'Vote no seu sabor favorito!',
  'Eleito o melhor café do Brasil', 'Votos de boas festas', 'Voto de confiança do cliente', 'Vagas para candidatos com ensino médio',
  'Para escritores e leitores', 'Envie seu e-mail', 'Leve três, pague dois', 'Prefeitura de Boa Vista informa',
  'O prefeito convida para a inauguração da praça', 'Pix: pague em 1 segundo', 'Vote em nós no Prêmio Sabor', 'bem-vindo ao novo tempo',
  'Elegante e confortável', 'Vote no café que será eleito o melhor do ano', 'Segunda dose: procure o posto', 'Turno da noite com 20% off', '', '   ', 'v1', 'padrao', 'Lançamento do Pix',
];

describe('electoral content', () => {
  it.each(ELECTORAL)('flags %j', (t) => expect(hasElectoralContent(t)).toBe(true));
  it.each(ORDINARY)('passes %j', (t) => expect(hasElectoralContent(t)).toBe(false));
});
