// The simulated year (year-world.cts) in the worlds listed updated-desc.
import { yearIn } from './year-world.cts';

yearIn('updated-desc');
