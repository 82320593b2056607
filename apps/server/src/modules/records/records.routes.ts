import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, inputRequestOf, queryRequestOf, rowInputRequestOf, rowRequestOf } from '../auth/actor.ts';
import { clientRecord, clientRecordPdf } from './client-records.service.ts';
import {
  acknowledgeRedFlag,
  bookingRecordStatuses,
  myQuestionnaire,
  submitHealthForm,
} from './health-records.service.ts';
import { getRecordsSettings, updateRecordsSettings } from './records-settings.ts';
import { answerScreening, bookingScreening, clientPrivateReasons, getScreening, updateScreening } from './screening.ts';
import { amendTreatmentNote, bookingNotes, editTreatmentNote, writeTreatmentNote } from './treatment-notes.service.ts';
import { whatIsKnown } from './what-is-known.ts';

type IdParams = { Params: { id: string } };

/** The practice's records: the client's questionnaire, and the owner's records under /api/admin/records. */
export function recordsRoutes(context: AppContext) {
  const { auth, db, recordsKey, env } = context;
  const deps = { db, recordsKey };
  return async (app: FastifyInstance) => {
    app.get('/api/records/questionnaire', async (request) =>
      myQuestionnaire(deps, { actor: await actorOf(auth, request) }),
    );
    app.post('/api/records/questionnaire', async (request, reply) =>
      reply.status(201).send(await submitHealthForm(deps, await inputRequestOf(auth, request))),
    );

    // Screening new clients: a client answers for their own booking; the owner chooses the questions.
    app.get<IdParams>('/api/records/bookings/:id/screening', async (request) =>
      bookingScreening(db, { actor: await actorOf(auth, request), bookingId: request.params.id }),
    );
    app.post<IdParams>('/api/records/bookings/:id/screening', async (request, reply) =>
      reply.status(201).send(
        await answerScreening(db, {
          actor: await actorOf(auth, request),
          bookingId: request.params.id,
          input: request.body,
        }),
      ),
    );
    app.get('/api/admin/records/screening', async (request) =>
      getScreening(db, { actor: await actorOf(auth, request) }),
    );
    app.put('/api/admin/records/screening', async (request) =>
      updateScreening(db, await inputRequestOf(auth, request)),
    );
    app.get<IdParams>('/api/admin/records/clients/:id/private-reasons', async (request) =>
      clientPrivateReasons(db, { actor: await actorOf(auth, request), clientId: request.params.id }),
    );

    app.get('/api/admin/records/settings', async (request) =>
      getRecordsSettings(db, { actor: await actorOf(auth, request) }),
    );
    app.put('/api/admin/records/settings', async (request) =>
      updateRecordsSettings(db, await inputRequestOf(auth, request)),
    );
    app.get('/api/admin/records/statuses', async (request) =>
      bookingRecordStatuses(deps, await queryRequestOf(auth, request)),
    );
    app.post<IdParams>('/api/admin/records/health/:id/acknowledge', async (request) =>
      acknowledgeRedFlag(deps, await rowRequestOf(auth, request)),
    );
    app.get<IdParams>('/api/admin/records/bookings/:id/notes', async (request) =>
      bookingNotes(deps, { actor: await actorOf(auth, request), bookingId: request.params.id }),
    );
    app.get<IdParams>('/api/admin/records/bookings/:id/known', async (request) =>
      whatIsKnown(deps, { actor: await actorOf(auth, request), bookingId: request.params.id }),
    );
    app.post('/api/admin/records/notes', async (request, reply) =>
      reply.status(201).send(await writeTreatmentNote(deps, await inputRequestOf(auth, request))),
    );
    app.put<IdParams>('/api/admin/records/notes/:id', async (request) =>
      editTreatmentNote(deps, await rowInputRequestOf(auth, request)),
    );
    app.post<IdParams>('/api/admin/records/notes/:id/amendments', async (request, reply) =>
      reply.status(201).send(await amendTreatmentNote(deps, await rowInputRequestOf(auth, request))),
    );
    app.get<IdParams>('/api/admin/records/clients/:id', async (request) =>
      clientRecord(deps, { actor: await actorOf(auth, request), clientId: request.params.id }),
    );
    app.get<IdParams>('/api/admin/records/clients/:id/pdf', async (request, reply) => {
      const { pdf, fileName } = await clientRecordPdf(
        { ...deps, env },
        { actor: await actorOf(auth, request), clientId: request.params.id },
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    });
  };
}
