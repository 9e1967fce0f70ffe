/**
 * The OpenAPI 3.1 document of the documented operations (contracts `ApiOperation` lists),
 * built from the same zod schemas the routes validate with (`z.toJSONSchema`): queries and
 * path parameters as parameters, bodies and answers as JSON schemas.
 */
import { z } from 'zod';
import { ApiErrorSchema, type ApiOperation } from '@betsite/contracts';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** An object schema's properties as OpenAPI parameters. */
function parameters(schema: z.ZodType | undefined, place: 'query' | 'path'): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || required.has(name),
    ...(typeof property['description'] === 'string' ? { description: property['description'] } : {}),
    schema: property,
  }));
}

const AUTH: Record<ApiOperation['auth'], JsonSchema[] | undefined> = {
  public: undefined,
  player: [{ playerToken: [] }, { sessionCookie: [] }],
  operator: [{ operatorToken: [] }],
};

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
}

export function openApiDocument(operations: readonly ApiOperation[], info: DocumentInfo): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) {
    const path = op.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
    const responses: Record<string, JsonSchema> = {};
    for (const [status, schema] of Object.entries(op.responses)) {
      const description = Number(status) < 400 ? 'Answer' : schema === ApiErrorSchema ? 'Error: `{ code, message, details? }`' : 'Error';
      responses[status] = schema ? { description, content: { 'application/json': { schema: jsonSchema(schema, 'output') } } } : { description };
    }
    const security = AUTH[op.auth];
    (paths[path] ??= {})[op.method.toLowerCase()] = {
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      operationId: `${op.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      parameters: [...parameters(op.params, 'path'), ...parameters(op.query, 'query')],
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input') } } } } : {}),
      responses,
      ...(security ? { security } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      securitySchemes: {
        playerToken: { type: 'apiKey', in: 'header', name: 'X-Auth', description: 'A player session token (login answer).' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'user_token', description: 'The session cookie; unsafe methods also need X-Requested-With.' },
        operatorToken: { type: 'http', scheme: 'bearer', description: 'OPS_TOKEN; the operator API exists only when it is set.' },
      },
    },
  };
}
