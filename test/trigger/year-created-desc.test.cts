// The simulated year (year-world.cts) in the worlds listed created-desc.
import { yearIn } from './year-world.cts';

yearIn('created-desc');
