import { guardContract } from './guard-promises.js';
import { intakeContract } from './intake.js';
import { promisesContract } from './promises.js';
import { adapterContract } from './scenarios.js';
import { surfacesContract } from './surfaces.js';
import { teamsDriver } from './teams-driver.js';

/**
 * Microsoft Teams as another channel (docs/teams.md, docs/privacy.md §5): every row, skipped only
 * where Teams lacks the surface (it cannot delete a person's message; it has no audit thread and no
 * message shortcuts; the PIN form row reads Slack's block ids).
 */
adapterContract('teams', teamsDriver, { shared: true, deletes: false, thread: false });
// `forms` there reads Slack's PIN block ids; Teams' PIN card is in test/adapters/teams/cards.test.ts.
promisesContract('teams', teamsDriver, { shared: true, deletes: false, forms: false });
surfacesContract('teams', teamsDriver, {
  shared: true,
  deletes: false,
  mentions: true,
  shortcuts: false,
  forms: true,
});
guardContract('teams', teamsDriver);
intakeContract('teams', teamsDriver);
