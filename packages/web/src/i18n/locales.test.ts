/// <reference types="node" />
/**
 * Every text a person reads comes from the i18n files, in all three languages: the three files
 * have the same keys, and no .tsx file writes a user-facing literal past them.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { VALIDATION_KEYS } from '../errors/validationMessage';
import en from './en';
import es from './es';
import pt from './pt';

function flatKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k));
}

function valueAt(locale: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locale);
}

const SRC = path.resolve(import.meta.dirname, '..');

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

/** Props whose string value a person reads (or a screen reader says). */
const TEXT_PROPS = new Set(['label', 'title', 'placeholder', 'helperText', 'aria-label', 'alt', 'tooltip', 'primary', 'secondary']);

/**
 * Literals that are not language: brand names, units and symbols the same in every language.
 * Keep it small; anything else belongs in the i18n files.
 */
const ALLOWED = new Set(['&nbsp;', 'Switchboard', 'WhatsApp', 'NPS', 'API', 'Swagger', 'QR', 'CSV', 'Bearer']);

/** JSX text and text props written as literals in one .tsx file: "file:line text". */
function literalsIn(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (!/\p{L}{2,}/u.test(trimmed) || ALLOWED.has(trimmed)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push(`${path.relative(SRC, file)}:${line} ${trimmed}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText())) {
      const init = node.initializer;
      if (init && ts.isStringLiteral(init)) report(init, init.text);
      if (init && ts.isJsxExpression(init) && init.expression && ts.isStringLiteral(init.expression)) report(init, init.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('i18n files', () => {
  it('pt, en and es have exactly the same keys', () => {
    const keys = flatKeys(en).sort();
    expect(flatKeys(pt).sort()).toEqual(keys);
    expect(flatKeys(es).sort()).toEqual(keys);
  });

  it('every language has every validation text the forms map to', () => {
    for (const locale of [en, pt, es]) for (const key of VALIDATION_KEYS) expect(valueAt(locale, key), key).toBeTruthy();
  });

  it('the English and Spanish files carry no Portuguese texts of the reference product', () => {
    const portuguese = /Parametrize|Mensagem|Chamad[oa]|apagad[oa]|Selecione|Obrigatório|perdida às/;
    for (const [name, locale] of [
      ['en', en],
      ['es', es],
    ] as const) {
      const hits = flatKeys(locale).filter((key) => portuguese.test(String(valueAt(locale, key))));
      expect(hits, name).toEqual([]);
    }
  });

  it('no .tsx file shows a literal text outside the i18n files', () => {
    expect(tsxFiles(SRC).flatMap(literalsIn)).toEqual([]);
  });
});
