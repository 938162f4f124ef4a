import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseSheetBody } from '../src/modules/imports/sheet-body.ts';
import { readSheetFile, UploadedSheet } from '../src/modules/imports/sheet-file.ts';
import { csv, dataUrl } from './helpers/sheets.ts';

/** The import routes' JSON body, arriving in pieces of `size` bytes. */
const parse = (body: string, size = 7, contentLength = true) => {
  const bytes = Buffer.from(body);
  const pieces = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  const request = {
    headers: contentLength ? { 'content-length': String(bytes.length) } : {},
  } as unknown as FastifyRequest;
  return parseSheetBody(request, Readable.from(pieces));
};

const text = (body: unknown) => {
  const sheet = (body as { sheet: UploadedSheet }).sheet;
  expect(sheet).toBeInstanceOf(UploadedSheet);
  return readSheetFile(sheet).bytes.toString('utf8');
};

describe('the import body read as it streams in', () => {
  const file = csv('nome;cpf', 'Ana;529.982.247-25', 'Bia Ç;111.444.777-35');

  it.each([1, 3, 7, 64 * 1024])('decodes the sheet in pieces of %i bytes', async (size) => {
    const body = await parse(JSON.stringify({ sheet: dataUrl(file), eventId: 3 }), size);
    expect(body).toMatchObject({ eventId: 3 });
    expect(text(body)).toBe(file);
  });

  it('reads fields in any order, spaced, with escapes around and "\\/" inside the data URL', async () => {
    const url = dataUrl(file, 'text/csv').replace('text/csv', 'text\\/csv');
    const body = await parse(
      `{ "note": "a \\"sheet\\": x", "eventId" : 9 ,\n "sheet" : "${url}" }`,
    );
    expect(body).toMatchObject({ eventId: 9, note: 'a "sheet": x' });
    expect(text(body)).toBe(file);
  });

  it('decodes without a Content-Length, and percent-encoded data URLs', async () => {
    const plain = `data:text/csv,${encodeURIComponent(file)}`;
    expect(text(await parse(JSON.stringify({ sheet: plain, eventId: 1 }), 5, false))).toBe(file);
    const base64 = JSON.stringify({ sheet: dataUrl(file), eventId: 1 });
    expect(text(await parse(base64, 5, false))).toBe(file);
  });

  it('refuses what is not the expected JSON in pt-BR', async () => {
    await expect(parse('{"sheet": "data:text/csv;base64,QQ==", "eventId": ')).rejects.toMatchObject(
      {
        status: 400,
        body: { error_description: 'O corpo da requisição não é um JSON válido.' },
      },
    );
    await expect(parse('   ')).rejects.toMatchObject({ status: 400 });
    await expect(parse('{"sheet": "data:text/csv;base64,\\u0041"}')).rejects.toMatchObject({
      body: { error_description: 'O arquivo não é uma planilha CSV ou XLSX válida.' },
    });
    // A sheet that is no string stays as sent, and the route refuses it when reading it.
    const body = (await parse('{"sheet": 12, "eventId": 1}')) as { sheet: unknown };
    expect(body.sheet).toBe(12);
  });

  it('stops a body above the limit at once, and a sheet above 64 MiB as it decodes', async () => {
    const request = { headers: { 'content-length': String(91 * 1024 * 1024) } };
    await expect(
      parseSheetBody(request as unknown as FastifyRequest, Readable.from([])),
    ).rejects.toMatchObject({ status: 413 });
    const big = Buffer.alloc(64 * 1024 * 1024 + 10, 'a').toString('base64');
    await expect(
      parse(`{"sheet": "data:text/csv;base64,${big}"}`, 64 * 1024),
    ).rejects.toMatchObject({
      status: 413,
      body: { error_description: 'O arquivo excede o limite de 64 MiB.' },
    });
  });
});
