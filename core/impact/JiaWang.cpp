#include "impact/JiaWang.h"

#include <limits>
#include <sstream>

#include "impact/CoulombPath.h"
#include "impact/JiaWangModel.h"

namespace impactlab {

const char* toString(JiaWangMethod method) {
    switch (method) {
        case JiaWangMethod::Default: return "default";
        case JiaWangMethod::FixedStep: return "fixed-step";
        case JiaWangMethod::FixedStepClosedForm: return "fixed-step-closed-form";
        case JiaWangMethod::PaperAdaptive: return "paper-adaptive";
    }
    return "?";
}

double calcImpactSolutionMargin(const ImpactProblem& problem) {
    const Mat3& W = problem.W;
    return W(2, 2) - problem.friction * W.topRightCorner<2, 1>().norm();
}

std::string calcEventSequence(const ImpactResult& result) {
    std::string sequence;
    for (const ImpactEvent& e : result.events) {
        switch (e.kind) {
            case ImpactEventKind::InvariantDirection: sequence += 'l'; break;
            case ImpactEventKind::Stick:
            case ImpactEventKind::ResumedSlip: sequence += 's'; break;
            case ImpactEventKind::EndOfCompression: sequence += 'c'; break;
            case ImpactEventKind::EndOfImpact: sequence += 'r'; break;
            case ImpactEventKind::SlideToRoll: break;
        }
    }
    return sequence;
}

ImpactResult solveJiaWang(const ImpactProblem& problem, const JiaWangOptions& options, ImpactTrace* trace) {
    ImpactResult result;
    result.model = "jia-wang";
    if (const double margin = calcImpactSolutionMargin(problem); !(margin > 0.0)) {   // Theorem 3
        std::ostringstream os;
        os << "impact solution condition (18) violated: W_nn - mu ||(W_13, W_23)|| = " << margin
           << " <= 0, so termination is not guaranteed (solved while v_n keeps increasing)";
        result.warnings.push_back(os.str());
    }

    const JiaWangModel model(problem, options.stickSpeedRelTol);
    NumericOutcome out;
    if (problem.friction == 0.0) {
        // Frictionless (sec. 2.4): I grows along n from the start.
        LinearStretch normal;
        normal.mode = ContactMode::Frictionless;
        out.stretches = {normal};
        if (trace) trace->samples.push_back(model.makeSample(Vec3::Zero(), 0.0, normal.mode, ImpactPhase::Compression));
    } else if (options.method == JiaWangMethod::Default) {
        std::optional<NumericOutcome> inAngle;
        if (!trace && options.integrateInAngle) inAngle = integrateInAngle(model, options, result);
        out = inAngle ? std::move(*inAngle) : integrateAlongPath(model, options, result, trace);
    } else {
        out = integrateWithEuler(model, options, result, trace);
    }
    result.steps = out.steps;

    if (out.stepLimitHit) {
        result.status = SolveStatus::IterationLimit;
        result.impulse = out.state.I;
        std::ostringstream os;
        os << "step limit of " << options.maxSteps << " reached at I_n = " << out.state.I.z()
           << " N s before the impact ended";
        result.warnings.push_back(os.str());
    } else if (!out.stretches.empty()) {
        if (trace) trace->closedFormFromNormalImpulse = out.state.I.z();   // Fig. 9's solid stretches
        result.status = continueInClosedForm(model, out.state, out.stretches, result, trace);
    }
    if (trace && !trace->closedFormFromNormalImpulse)
        trace->closedFormFromNormalImpulse = std::numeric_limits<double>::infinity();   // integrated to the end
    completeResult(problem, result);
    return result;
}

}  // namespace impactlab
