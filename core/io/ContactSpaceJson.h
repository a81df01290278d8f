#pragma once
// Several contacts in the CLI contract (docs/problem-format.md, "Several
// contacts"): writing a contact-space result. The problem is read by
// laws/ContactSpaceProblemJson.h (it accepts law options by model id).
//
// Problem, contact level: "contacts": [{"name"?, "friction", "restitution" |
// "restitution_min"}, ...], "A": 3nc x 3nc, "v_minus": 3nc.
// Body level: "bodies": [body, ...] (as in the single-contact format, at
// least two), "contacts": [{"name"?, "point", "normal", "bodies": [i, j],
// "friction", "restitution" | "restitution_min"}, ...]; the normal points
// from body j into body i and the impulse acts on body i. Contact frames are
// ContactFrame::makeFromNormal's choice (t1 = world x projected on the
// tangent plane); the *_world fields do not depend on it.
//
// Result: format, model, status, rounds, intervals, energy_before,
// energy_after, contacts [{name?, impulse, v_plus (contact frame), and at body
// level impulse_world, v_plus_world, frame {t1, t2, n}}], events [{kind,
// contact, round, interval}], bodies (body level), warnings, and with a
// trace: trace [{round, interval, alpha, energy, contacts: [{impulse,
// velocity, phase, slip, active}]}].
#include <nlohmann/json.hpp>

#include "impact/ContactSpaceProblem.h"
#include "impact/ContactSpaceResult.h"
#include "impact/ContactSpaceTrace.h"

namespace impactlab {

nlohmann::ordered_json contactSpaceResultToJson(const ContactSpaceProblem& problem, const ContactSpaceResult& result,
                                                const ContactSpaceTrace* traceOrNull = nullptr);

}  // namespace impactlab
