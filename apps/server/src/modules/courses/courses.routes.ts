import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, inputRequestOf, queryRequestOf, rowInputRequestOf, rowRequestOf } from '../auth/actor.ts';
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
      reply.status(201).send(await createCourseProduct(context, await inputRequestOf(auth, request))),
    );
    app.put<{ Params: { id: string } }>('/api/admin/course-products/:id', async (request) =>
      updateCourseProduct(context, await rowInputRequestOf(auth, request)),
    );
    app.get('/api/admin/courses', async (request) => listCourses(context, await queryRequestOf(auth, request)));
    app.post('/api/admin/courses', async (request, reply) =>
      reply.status(201).send(await sellCourseAtTill(context, await inputRequestOf(auth, request))),
    );
    app.post<{ Params: { id: string } }>('/api/admin/courses/:id/adjust', async (request) =>
      adjustCourse(context, await rowInputRequestOf(auth, request)),
    );
    app.get('/api/course-products', async (request) =>
      listCoursesOnSale(context, { actor: await actorOf(auth, request) }),
    );
    app.get('/api/courses', async (request) => myCourses(context, { actor: await actorOf(auth, request) }));
    app.post('/api/courses', async (request, reply) =>
      reply.status(201).send(await buyCourse(context, await inputRequestOf(auth, request))),
    );
    app.get<{ Params: { id: string } }>('/api/courses/:id', async (request) =>
      myCourse(context, await rowRequestOf(auth, request)),
    );
  };
}
