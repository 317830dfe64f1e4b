/**
 * Vitest setup of the server tests: password hashes at a low scrypt cost. Every boot and every user
 * a test creates hashes a password, and every sign-in verifies one; at the product's cost that was
 * a noticeable share of the suite's CPU time. lib/passwords.test.ts checks the product's cost.
 */
import { lowerPasswordHashCostForTests } from '../lib/passwords.js';

lowerPasswordHashCostForTests(1024);
