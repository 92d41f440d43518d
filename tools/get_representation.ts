import { GetRepresentationInput, RepresentationOutput } from '../src/schemas/representation.js';
import { defineTool, READ_ONLY } from './tool.js';

export const getRepresentationTool = defineTool({
  name: 'get_representation',
  title: 'Read what is known about a peer',
  description:
    'Read, as markdown, what the memory has learned about a peer: its card and the newest ' +
    'observations, with dates. Scope it to one session, or ask what one peer knows about another ' +
    '(target). Empty when nothing has been learned yet.',
  inputSchema: GetRepresentationInput,
  outputSchema: RepresentationOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.getRepresentation(input),
});
