import { jobWorker } from "../../platform/jobs/worker";
import type { FeatureFactory } from "../feature";
import { registrationMailJobs } from "./service";

/** Issue 10 §2.3: registration mails leave from the jobs table. */
export const registrationMailsFeature: FeatureFactory = ({ db, clock, log, mailer, publicUrl }) => ({
  name: "registration-mails",
  worker: jobWorker({ db, clock, log, handlers: registrationMailJobs({ db, mailer, publicUrl }) }),
});
