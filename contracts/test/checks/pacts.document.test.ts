/**
 * The pacts and the OpenAPI document tell backend teams the same thing: every request a pact
 * records is one the document allows (its path parameters, query and body), and every answer it
 * promises has a status the document lists for that call, with a body matching that status's
 * schema. A document that refuses what the clients really send fails here, not at a backend.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DocumentChecker } from '../../src/conformance/document-checker';
import { type Operation, operationsOf, type RequestPieces } from '../../src/conformance/operations';
import { ENDPOINT_COMMENT } from '../../src/names';
import { OPENAPI_FILE } from '../../src/openapi/document';
import { COMMITTED_PACT_DIR } from '../../src/pact-dirs';
import { endpointOf, type HttpInteraction, jsonContent, readPactDir } from '../../src/pact-file';

const document = JSON.parse(readFileSync(new URL(`../../${OPENAPI_FILE}`, import.meta.url), 'utf8'));
const checker = new DocumentChecker(document);
const operations = new Map(operationsOf(document).map((operation) => [operation.id, operation]));
const interactions = [...readPactDir(COMMITTED_PACT_DIR).values()]
  .flatMap((pact) => pact.interactions)
  .filter((interaction): interaction is HttpInteraction => interaction.type === 'Synchronous/HTTP');

/** The path parameters of a recorded path, by the operation's template. */
function paramsOf(operation: Operation, path: string): Record<string, unknown> {
  const names = operation.path.split('/');
  const values = path.split('/');
  const params: Record<string, unknown> = {};
  names.forEach((segment, index) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (name) params[name] = decodeURIComponent(values[index] ?? '');
  });
  return params;
}

/** A recorded request as the document's pieces; a multipart body is read as a server reads it. */
async function piecesOf(operation: Operation, interaction: HttpInteraction): Promise<RequestPieces> {
  const { request } = interaction;
  const query = Object.fromEntries(
    Object.entries(request.query ?? {}).map(([name, values]) => [name, values[values.length - 1]]),
  );
  const pieces: RequestPieces = { params: paramsOf(operation, request.path), query };
  const body = request.body;
  if (body?.contentType?.startsWith('multipart/form-data') && typeof body.content === 'string') {
    const form = await new Response(Buffer.from(body.content, 'base64'), {
      headers: { 'content-type': body.contentType },
    }).formData();
    const fields: Record<string, string> = {};
    pieces.file = null;
    for (const [name, value] of form) {
      if (typeof value === 'string') fields[name] = value;
      else if (name === 'file') pieces.file = { bytes: value.size, type: value.type };
    }
    pieces.body = fields;
  } else pieces.body = jsonContent(body);
  return pieces;
}

describe(`the pacts against ${OPENAPI_FILE}`, () => {
  it('has HTTP interactions to check', () => {
    expect(interactions.length).toBeGreaterThan(92);
  });

  it('records only requests the document allows', async () => {
    const refused: string[] = [];
    for (const interaction of interactions) {
      const operation = operations.get(endpointOf(interaction, ENDPOINT_COMMENT) ?? '');
      if (!operation) {
        refused.push(`${interaction.description}: no operation in the document`);
        continue;
      }
      const problems = checker.requestProblems(operation, await piecesOf(operation, interaction), true);
      for (const problem of problems)
        refused.push(`${operation.id} (${interaction.description}): ${problem}`);
    }
    expect(refused).toEqual([]);
  });

  it('promises only answers the document lists, with bodies of their schemas', () => {
    const problems: string[] = [];
    for (const interaction of interactions) {
      const operation = operations.get(endpointOf(interaction, ENDPOINT_COMMENT) ?? '');
      if (!operation) continue;
      const { status, body } = interaction.response;
      const headers = new Headers();
      for (const [name, values] of Object.entries(interaction.response.headers ?? {}))
        headers.set(name, values.join(', '));
      for (const problem of checker.problems(operation, status, headers, jsonContent(body)))
        problems.push(`${operation.id} (${interaction.description}): ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});
