import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { FeatureDeps } from "../deps";
import { dashAnalyticsRoutes } from "./analytics/routes";
import { dashAnalyticsService } from "./analytics/service";
import { dashChannelRoutes } from "./channels/routes";
import { dashChannelsService } from "./channels/service";
import { dashCouponRoutes } from "./coupons/routes";
import { dashCouponsService } from "./coupons/service";
import { dashEventRoutes } from "./events/routes";
import { dashEventsService } from "./events/service";
import { myInvitesRoutes } from "./invites/routes";
import { myEventsRoutes } from "./my-events/routes";
import { dashQuestionRoutes } from "./questions/routes";
import { dashQuestionsService } from "./questions/service";
import { dashRegistrationRoutes } from "./registrations/routes";
import { dashRegistrationsService } from "./registrations/service";
import { dashSessionRoutes } from "./sessions/routes";
import { dashSessionsService } from "./sessions/service";
import { dashSpeakerRoutes } from "./speakers/routes";
import { dashSpeakersService } from "./speakers/service";
import { dashTeamRoutes } from "./team/routes";
import { dashTeamService } from "./team/service";
import { dashTicketRoutes } from "./tickets/routes";
import { dashTicketsService } from "./tickets/service";

/** The host dashboard's API (issue 5 §1) and /my-events; every route needs a signed-in user. */
export function dashboardRoutes(deps: FeatureDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Before body validation, so a signed-out caller gets 401 whatever it sent.
    app.addHook("onRequest", async (req) => {
      requireViewer(req);
    });
    await app.register(dashChannelRoutes(dashChannelsService(deps)));
    await app.register(dashTeamRoutes(dashTeamService(deps)));
    await app.register(dashEventRoutes(dashEventsService(deps)));
    await app.register(dashSessionRoutes(dashSessionsService(deps)));
    await app.register(dashSpeakerRoutes(dashSpeakersService(deps)));
    await app.register(dashTicketRoutes(dashTicketsService(deps)));
    await app.register(dashCouponRoutes(dashCouponsService(deps)));
    await app.register(dashQuestionRoutes(dashQuestionsService(deps)));
    await app.register(dashRegistrationRoutes(dashRegistrationsService(deps)));
    await app.register(dashAnalyticsRoutes(dashAnalyticsService(deps)));
    await app.register(myEventsRoutes(deps));
    await app.register(myInvitesRoutes(deps));
  };
}
