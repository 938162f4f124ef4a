export * from './permissions.ts';
export * from './menu.ts';
export * from './api.ts';
export * from './cpf.ts';
export * from './money.ts';
