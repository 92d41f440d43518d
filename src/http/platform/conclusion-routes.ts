import { z } from 'zod';
import * as S from '../../schemas/platform.js';
import { acknowledged, json, route, WORKSPACE, workspaceListRoute } from './route-definition.js';

/** The conclusions (observations) of a workspace: listing, querying, creating and deleting them. */
export const CONCLUSION_ROUTES = [
  workspaceListRoute({
    name: 'conclusions',
    list: 'listConclusions',
    serves: 'listObservations',
    summary: 'List conclusions (observations), filtered by observer_id, observed_id, session_id, id',
    item: S.Conclusion,
  }),
  route({
    method: 'post',
    path: `${WORKSPACE}/conclusions/query`,
    serves: 'queryObservations',
    summary: 'The conclusions of an observer about an observed peer that best answer a query',
    params: S.WorkspaceParams,
    body: S.ConclusionQueryBody,
    response: z.array(S.Conclusion),
    run: (backend, { params, body }) =>
      json(
        backend.queryConclusions(
          params.workspace_id,
          {
            observer: body.filters.observer_id,
            observed: body.filters.observed_id,
            session: body.filters.session_id,
          },
          body.query,
          body.top_k,
        ),
      ),
  }),
  route({
    method: 'post',
    path: `${WORKSPACE}/conclusions`,
    serves: 'createObservations',
    summary: 'Create conclusions by hand (explicit), each tied to a session',
    params: S.WorkspaceParams,
    body: S.CreateConclusions,
    response: z.array(S.Conclusion),
    run: (backend, { params, body }) =>
      json(backend.createConclusions(params.workspace_id, body.conclusions)),
  }),
  route({
    method: 'get',
    path: `${WORKSPACE}/conclusions/{conclusion_id}`,
    summary: 'One conclusion',
    params: S.ConclusionParams,
    response: S.Conclusion,
    run: (backend, { params }) => json(backend.getConclusion(params.workspace_id, params.conclusion_id)),
  }),
  route({
    method: 'delete',
    path: `${WORKSPACE}/conclusions/{conclusion_id}`,
    serves: 'deleteObservation',
    summary: 'Delete a conclusion',
    params: S.ConclusionParams,
    response: S.Deleted,
    run: (backend, { params }) =>
      acknowledged(backend.deleteConclusion(params.workspace_id, params.conclusion_id), 'conclusion deleted'),
  }),
];
