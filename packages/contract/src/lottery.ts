/**
 * The lottery (Sorteio, docs/lottery-api.md): the shapes both sides read and the projector's
 * timing. The draw itself happens on the server; the screen only animates towards its answer.
 */

/** PRODUTOS: one ticket per unit of the chosen products bought; CREDENCIADOS: one per badge holder. */
export type LotteryCriteria = 'PRODUTOS' | 'CREDENCIADOS';

/** SPEC.md section 9: the 'Vendidos' table shows 8 rows a page. */
export const LOTTERY_PRODUCTS_PAGE_SIZE = 8;
/** SPEC.md section 2: the carousel steps every 150 ms, each step slides in 30 ms, stops at 5 s. */
export const LOTTERY_STEP_MS = 150;
export const LOTTERY_TRANSITION_MS = 30;
export const LOTTERY_SPIN_MS = 5000;

export const LOTTERY_PRIZES_MIN = 1;
export const LOTTERY_PRIZES_MAX = 100;

export const LOTTERY_HEADLINE_START = 'Clique no botão para sortear';
export const lotteryCongratulations = (name: string): string => `Parabéns ${name}`;

export const LOTTERY_EMPTY_POOL = 'Não há participantes para sortear.';
export const LOTTERY_ALL_DRAWN = 'Todos os prêmios deste sorteio já foram sorteados.';
export const LOTTERY_STALE = 'Este sorteio mudou em outra tela. Recarregue a página do sorteio.';
export const LOTTERY_NOT_FOUND = 'Sorteio não encontrado.';
export const LOTTERY_DRAW_NOT_FOUND = 'Este prêmio ainda não foi sorteado.';
export const LOTTERY_PRODUCT_NOT_SOLD = 'Produto sem vendas neste evento: {id}.';

/** GET /api/sorteio/produtos: a product of the 'Vendidos' table, with what it would put in the pool. */
export interface LotteryProductDto {
  id: number;
  name: string;
  /** Units bought in paid (or delivered), not refunded orders of the event. */
  sold: number;
  /** Distinct participants who bought them. */
  participants: number;
}

export interface LotteryProductsDto {
  eventId: number;
  products: LotteryProductDto[];
  /** Participants with a printed badge: the pool when no product is chosen. */
  accredited: number;
}

/** POST /api/sorteio/{eventId}/novo. */
export interface NewLotteryBody {
  products: number[];
  prizesCount: number;
}

export interface LotteryWinnerDto {
  position: number;
  participantId: number;
  name: string;
  drawnAt: string;
  drawnBy: string;
  /** SHA-256 (hex) of the pool the winner was drawn from (docs/lottery-api.md). */
  poolHash: string;
  poolSize: number;
}

/** A game: its configuration, its winners so far and who may still win (the carousel's names). */
export interface LotteryGameDto {
  id: number;
  eventId: number;
  criteria: LotteryCriteria;
  products: { id: number; name: string }[];
  prizesCount: number;
  winners: LotteryWinnerDto[];
  /** Names of the participants still in the pool (earlier winners excluded), for the carousel. */
  candidates: string[];
  /** Tickets in the pool now. */
  poolSize: number;
  createdBy: string;
  createdAt: string;
}

/** GET /api/sorteio: a game of the selected event as the 'Auditoria do sorteio' list shows it. */
export interface LotteryGameSummaryDto {
  id: number;
  createdAt: string;
  criteria: LotteryCriteria;
  products: { id: number; name: string }[];
  prizesCount: number;
  /** Winners drawn so far. */
  winnersCount: number;
  /** Who configured the game. */
  createdBy: string;
}

/** POST /api/sorteio/atualizar/{id}: the winners the screen shows, so a stale screen cannot draw. */
export interface LotteryDrawBody {
  winners: number[];
  criteria?: LotteryCriteria;
}

/** The answer to a draw: the game with the new winner last, and that winner. */
export interface LotteryDrawDto {
  game: LotteryGameDto;
  winner: LotteryWinnerDto;
}

/** GET /api/sorteio/{id}/auditoria: the game and its draws, without their tickets. */
export interface LotteryAuditDto {
  game: LotteryGameDto;
  draws: LotteryWinnerDto[];
}

/** GET /api/sorteio/{id}/auditoria/{posicao}: one draw's checks. */
export interface LotteryAuditDrawDto extends LotteryWinnerDto {
  /** The index crypto.randomInt chose in the stored tickets. */
  randomIndex: number;
  /** The ticket at that index: `p{participant}` (CREDENCIADOS) or `p{participant}:o{order}:i{product}:{unit}`. */
  winningTicket: string;
  /** SHA-256 of the stored tickets equals poolHash. */
  storedPoolMatches: boolean;
  /** The pool recomputed now from the database as it stood at drawnAt hashes to poolHash. */
  recomputedPoolMatches: boolean;
  /** How many participants held the stored tickets. */
  holdersCount: number;
}

/** A participant who could have won a draw, with their tickets in it. */
export interface LotteryHolderDto {
  participantId: number;
  name: string;
  tickets: number;
}

/** GET /api/sorteio/{id}/auditoria/{posicao}/participantes: one page of who could have won. */
export interface LotteryHoldersPageDto {
  total: number;
  rows: LotteryHolderDto[];
}

/** Participants per page of GET .../participantes (its `quantidade`, at most). */
export const LOTTERY_HOLDERS_PAGE_MAX = 100;
