import { guardContract } from './guard-promises.js';
import { intakeContract } from './intake.js';
import { promisesContract } from './promises.js';
import { adapterContract } from './scenarios.js';
import { surfacesContract } from './surfaces.js';
import { teamsDriver } from './teams-driver.js';

/**
 * Microsoft Teams as another channel (docs/teams.md, docs/privacy.md §5): every row, skipped only
 * where Teams lacks the surface (it cannot delete a person's message; it has no message shortcuts).
 */
adapterContract('teams', teamsDriver, { shared: true, deletes: false, thread: true });
promisesContract('teams', teamsDriver, { shared: true, deletes: false, forms: true });
surfacesContract('teams', teamsDriver, {
  shared: true,
  deletes: false,
  mentions: true,
  shortcuts: false,
  forms: true,
});
guardContract('teams', teamsDriver, { shared: true });
intakeContract('teams', teamsDriver);
