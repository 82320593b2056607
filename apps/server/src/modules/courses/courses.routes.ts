import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../auth/actor.ts';
import { createCourseProduct, listCourseProducts, listCoursesOnSale, updateCourseProduct } from './course-products.ts';
import { adjustCourse } from './course-sessions.ts';
import { listCourses, myCourses } from './list-courses.ts';
import { buyCourse, myCourse, sellCourseAtTill } from './sell-courses.ts';

export function coursesRoutes(context: AppContext) {
  const { auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/admin/course-products', async (request) =>
      listCourseProducts(context, { actor: await actorOf(auth, request) }),
    );
    app.post('/api/admin/course-products', async (request, reply) =>
      reply
        .status(201)
        .send(await createCourseProduct(context, { actor: await actorOf(auth, request), input: request.body })),
    );
    app.put<{ Params: { id: string } }>('/api/admin/course-products/:id', async (request) =>
      updateCourseProduct(context, {
        actor: await actorOf(auth, request),
        id: request.params.id,
        input: request.body,
      }),
    );
    app.get('/api/admin/courses', async (request) =>
      listCourses(context, { actor: await actorOf(auth, request), query: request.query }),
    );
    app.post('/api/admin/courses', async (request, reply) =>
      reply
        .status(201)
        .send(await sellCourseAtTill(context, { actor: await actorOf(auth, request), input: request.body })),
    );
    app.post<{ Params: { id: string } }>('/api/admin/courses/:id/adjust', async (request) =>
      adjustCourse(context, { actor: await actorOf(auth, request), id: request.params.id, input: request.body }),
    );
    app.get('/api/course-products', async (request) =>
      listCoursesOnSale(context, { actor: await actorOf(auth, request) }),
    );
    app.get('/api/courses', async (request) => myCourses(context, { actor: await actorOf(auth, request) }));
    app.post('/api/courses', async (request, reply) =>
      reply.status(201).send(await buyCourse(context, { actor: await actorOf(auth, request), input: request.body })),
    );
    app.get<{ Params: { id: string } }>('/api/courses/:id', async (request) =>
      myCourse(context, { actor: await actorOf(auth, request), id: request.params.id }),
    );
  };
}
