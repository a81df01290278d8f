#include "io/ResultJson.h"

#include "impact/planar/WangMason.h"

namespace impactlab {

namespace {

using nlohmann::ordered_json;

ordered_json bodyToJson(const RigidBody& body) {
    if (body.fixed) return {{"fixed", true}};
    ordered_json b;
    b["velocity"] = vectorToJson(body.velocity);
    b["angular_velocity"] = vectorToJson(body.angularVelocity);
    return b;
}

}  // namespace

ordered_json vectorToJson(const Vec3& v) { return ordered_json::array({v.x(), v.y(), v.z()}); }

ordered_json traceToJson(const ImpactTrace& trace) {
    ordered_json samples = ordered_json::array();
    for (const TraceSample& s : trace.samples) {
        ordered_json j;
        j["normal_impulse"] = s.normalImpulse;
        j["impulse"] = vectorToJson(s.impulse);
        j["velocity"] = vectorToJson(s.velocity);
        j["energy"] = s.energy;
        j["mode"] = toString(s.mode);
        j["phase"] = toString(s.phase);
        if (s.contactEnergy) j["contact_energy"] = *s.contactEnergy;   // Stronge's E (jia-wang), normal spring energy
        if (s.tangentialEnergy) j["tangential_energy"] = *s.tangentialEnergy;   // compliant laws' tangential spring
        samples.push_back(std::move(j));
    }
    return samples;
}

ordered_json resultToJson(const ImpactProblem& problem, const ImpactResult& result,
                          const ImpactTrace* traceOrNull) {
    // Contact frame -> world (identity at contact level, where no other frame exists).
    // Both branches must be Mat3: a ternary against the Identity() expression
    // type does not evaluate the frame.
    const Mat3 axes = problem.bodies ? Mat3(problem.bodies->frame.axes) : Mat3(Mat3::Identity());

    ordered_json j;
    j["format"] = kResultFormat;
    j["model"] = result.model;
    j["status"] = toString(result.status);
    j["steps"] = result.steps;
    j["impulse"] = vectorToJson(result.impulse);
    j["impulse_world"] = vectorToJson(axes * result.impulse);
    j["v_plus"] = vectorToJson(result.vPlus);
    j["v_plus_world"] = vectorToJson(axes * result.vPlus);
    j["compression_impulse"] = result.compressionImpulse.z();
    j["compression_impulse_vector"] = vectorToJson(result.compressionImpulse);
    j["energy_before"] = result.energyBefore;
    j["energy_after"] = result.energyAfter;

    ordered_json events = ordered_json::array();
    for (const ImpactEvent& e : result.events) {
        ordered_json ev;
        ev["kind"] = toString(e.kind);
        ev["normal_impulse"] = e.normalImpulse;
        ev["impulse"] = vectorToJson(e.impulse);
        events.push_back(std::move(ev));
    }
    j["events"] = std::move(events);
    // Table 3.2's mode of Cataldo & Sampaio, read from the events (WangMason.h).
    if (result.model == "wang-mason") j["wang_mason_mode"] = toString(classifyWangMasonMode(problem, result));

    if (problem.bodies) {
        const ContactFrame& f = problem.bodies->frame;
        j["contact_frame"] = {{"t1", vectorToJson(f.t1())}, {"t2", vectorToJson(f.t2())}, {"n", vectorToJson(f.n())}};
        // The bodies after the impact; laws fill bodiesAfter, but derive it if one did not.
        const TwoBodyContact after =
            result.bodiesAfter ? *result.bodiesAfter : problem.bodies->calcAfterImpulse(result.impulse);
        j["bodies"] = ordered_json::array({bodyToJson(after.body1), bodyToJson(after.body2)});
    }

    // Decision-tree laws (max-dissipation, coulomb-inelastic) and laws with
    // several admissible solutions (coulomb-inelastic): additive fields.
    if (result.branch) j["branch"] = *result.branch;
    if (result.conic) j["conic"] = *result.conic;
    if (!result.solutions.empty() || result.primarySolution) {
        ordered_json solutions = ordered_json::array();
        for (const ImpactSolution& s : result.solutions) {
            ordered_json sj;
            sj["impulse"] = vectorToJson(s.impulse);
            sj["impulse_world"] = vectorToJson(axes * s.impulse);
            sj["v_plus"] = vectorToJson(s.vPlus);
            sj["v_plus_world"] = vectorToJson(axes * s.vPlus);
            sj["energy_after"] = s.energyAfter;
            sj["kind"] = s.kind;
            sj["max_dissipation"] = s.maxDissipation;
            solutions.push_back(std::move(sj));
        }
        j["solutions"] = std::move(solutions);
        if (result.primarySolution) j["primary_solution"] = *result.primarySolution;
    }

    j["warnings"] = result.warnings;
    if (traceOrNull) j["trace"] = traceToJson(*traceOrNull);
    return j;
}

}  // namespace impactlab
