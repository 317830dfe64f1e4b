/// <reference types="node" />
/**
 * What the web sends and reads is typed by the route's own schemas (z.input / z.infer of the
 * shared schema the route validates with, or the shared response schema): a payload typed by hand
 * here would keep compiling after the route changed. This walks packages/web/src/api and fails on
 * a declared object shape or an inline one with fields of its own, except the client-side shapes
 * named below (options, filters and caches that no route reads).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Shapes of the client itself: not a request or an answer of any route. */
const CLIENT_SIDE = new Set([
  'RequestOptions', // client.ts: how a call is made
  'SessionHooks', // client.ts: what the client asks of the signed-in session
  'Identified', // listCache.ts: anything cached with an id
  'TicketListFilter', // a tickets list's filter and query key (ticketsQuery writes the parameters)
  'TicketViewerFacts', // the signed-in user's facts for the list rules
  'DashboardFilter', // the dashboard's filter bar (dashboardParams writes the parameters)
  'DashboardData', // the dashboard answer with its JSON texts parsed through their schemas
  'ListPage', // listCache.ts: the paging facts of shared pageSchema, generic over the list's key
]);

/** Fields an inline shape may give a type of its own: path parameters and what is not JSON (files). */
const NOT_BODY_FIELDS = new Set(['id', 'ticketId', 'files', 'action', 'key', 'step']);

const apiDir = import.meta.dirname;

function handTypedShapes(file: string, text = fs.readFileSync(path.join(apiDir, file), 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && CLIENT_SIDE.has(node.name.text)) return;
    if (ts.isInterfaceDeclaration(node)) {
      found.push(`${where(node)} interface ${node.name.text}`);
      return;
    }
    if (ts.isTypeAliasDeclaration(node) && /^Record<string,\s*unknown>$/.test(node.type.getText(source))) {
      found.push(`${where(node)} type ${node.name.text} = Record<string, unknown>`);
      return;
    }
    if (ts.isTypeLiteralNode(node) && typesAValue(node)) {
      const own = node.members.filter((m) => ts.isPropertySignature(m) && !NOT_BODY_FIELDS.has(m.name.getText(source)));
      const handTyped = own.filter((m) => ts.isPropertySignature(m) && m.type && isPlainValueType(m.type));
      if (handTyped.length) found.push(`${where(node)} { ${handTyped.map((m) => m.getText(source)).join(' ')} }`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * A shape given to a parameter, a variable or a named type: what a call could send. Return types
 * and a class's own fields are the client's working data.
 */
function typesAValue(shape: ts.TypeLiteralNode): boolean {
  let node: ts.Node = shape.parent;
  while (ts.isTypeNode(node)) node = node.parent;
  return ts.isParameter(node) || ts.isVariableDeclaration(node) || ts.isTypeAliasDeclaration(node);
}

/** string, number, boolean, literals and arrays or unions of them: a field typed by hand. */
function isPlainValueType(type: ts.TypeNode): boolean {
  if (ts.isUnionTypeNode(type)) return type.types.every(isPlainValueType);
  if (ts.isArrayTypeNode(type)) return isPlainValueType(type.elementType);
  if (ts.isLiteralTypeNode(type)) return true;
  return [ts.SyntaxKind.StringKeyword, ts.SyntaxKind.NumberKeyword, ts.SyntaxKind.BooleanKeyword].includes(type.kind);
}

describe('web API payload types', () => {
  it('come from the shared schemas the routes validate and answer with', () => {
    const files = fs.readdirSync(apiDir).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) => handTypedShapes(file));
    // Type it as z.input<typeof theRouteSchema> (request) or z.infer of its response schema, from @switchboard/shared.
    expect(found, found.join('\n')).toEqual([]);
  });

  it('notices a payload typed by hand', () => {
    const text = [
      'export interface NoteInput { body: string }',
      'export const scan = (input: { qrcode: string; id: number }) => input;',
      'export type Payload = Record<string, unknown>;',
      'export const update = (input: { id: number; data: z.input<typeof schema> }) => input;',
    ].join('\n');
    expect(handTypedShapes('probe.ts', text)).toEqual([
      'probe.ts:1 interface NoteInput',
      'probe.ts:2 { qrcode: string; }',
      'probe.ts:3 type Payload = Record<string, unknown>',
    ]);
  });
});
