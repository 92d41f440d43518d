import { GetRepresentationInput, RepresentationOutput } from '../src/schemas/representation.js';
import { defineTool, READ_ONLY } from './tool.js';

export const getRepresentationTool = defineTool({
  name: 'get_representation',
  title: 'Read what is known about a peer',
  description:
    'Read, as markdown, what has been learned about a peer: its card and newest observations, with dates; for one session, or what one peer knows of another.',
  inputSchema: GetRepresentationInput,
  outputSchema: RepresentationOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.getRepresentation(input),
});
