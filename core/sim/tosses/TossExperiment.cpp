#include "sim/tosses/TossExperiment.h"

#include <filesystem>
#include <fstream>

#include "io/JsonInput.h"
#include "mechanics/NumberText.h"

namespace impactlab {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

std::string readTextFile(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(path, "is a directory, not a file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "cannot be opened");
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec) requireInputSize(size, path);
    std::string text;
    if (!readStreamWithinLimit(in, path, text)) throw InputError(path, "read failed");
    return text;
}

json toArray(const Vec3& v) { return json::array({v.x(), v.y(), v.z()}); }

}  // namespace

TossSet readTossSceneData(const std::string& bodyText, const std::string& bodySource, const std::string& csvText,
                          const std::string& csvSource) {
    const TossBody body = readTossBody(parseJsonText(bodyText, bodySource), bodySource);
    return readTosses(csvText, csvSource, body);
}

TossSet loadTossSceneData(const TossScene& scene) {
    return readTossSceneData(readTextFile(scene.bodyFile), scene.bodyFile, readTextFile(scene.tossesFile),
                             scene.tossesFile);
}

int requireTossIndex(const TossSet& set, int index) {
    const int n = static_cast<int>(set.tosses.size());
    if (index >= 0 && index < n) return index;
    throw InputError("tosses.toss", "the file has " + std::to_string(n) + " tosses (0 to " + std::to_string(n - 1) +
                                        "), got " + std::to_string(index));
}

TossParams getTossParams(const TossScene& scene, const std::string& law) {
    TossParams p;
    p.law = law;
    p.friction = scene.contact.friction;
    p.restitution = scene.contact.restitution;
    const auto contact = scene.document.find("contact");
    const auto options = contact->find("options");
    p.options = options == contact->end() ? json::object() : getContactLawOptions(*options, law, scene.contact.law);
    return p;
}

TossLawRun runToss(const TossSet& set, int index, const TossParams& params) {
    const Toss& toss = set.tosses.at(static_cast<std::size_t>(index));
    const std::string name = "toss " + std::to_string(toss.id);
    TossLawRun run;
    run.law = params.law;
    run.start = findTossStart(toss, set.body, name);
    const int samples = static_cast<int>(toss.samples.size()) - run.start.startSample;
    run.simulated = simulateToss(set.body, run.start.state, params, samples, name);
    run.error = compareToss(toss, run.start.startSample, run.simulated, set.body);
    return run;
}

ordered_json summarizeTossRun(const TossScene& scene, const TossSet& set, const TossLawRun& run) {
    const Toss& toss = set.tosses.at(static_cast<std::size_t>(requireTossIndex(set, scene.toss)));
    ordered_json j;
    j["format"] = "impactlab.toss-run/1";
    j["scene"] = scene.name;
    j["law"] = run.law;
    j["friction"] = scene.contact.friction;
    j["restitution"] = scene.contact.restitution;
    j["toss"] = scene.toss;
    j["toss_id"] = toss.id;
    j["group"] = toss.group;
    j["start_sample"] = run.start.startSample;
    j["samples"] = run.error.samples;
    j["impacts"] = run.simulated.impacts;
    j["first_impact_s"] = run.simulated.firstImpactTime;
    j["end_reason"] = run.simulated.endReason;
    j["position_error"] = run.error.position;
    j["rotation_error_deg"] = run.error.rotation;
    if (run.error.measuredChange && run.error.predictedChange) {
        ordered_json f;
        f["measured_dv"] = toArray(run.error.measuredChange->linear);
        f["predicted_dv"] = toArray(run.error.predictedChange->linear);
        f["measured_dw"] = toArray(run.error.measuredChange->angular);
        f["predicted_dw"] = toArray(run.error.predictedChange->angular);
        if (run.error.firstImpactLinear) f["linear_error"] = *run.error.firstImpactLinear;
        if (run.error.firstImpactAngular) f["angular_error"] = *run.error.firstImpactAngular;
        j["first_impact"] = f;
    }
    const TossState& last = run.simulated.samples.back();
    ordered_json fin;
    fin["position"] = toArray(last.position);
    fin["orientation"] = json::array({last.orientation.w(), last.orientation.x(), last.orientation.y(), last.orientation.z()});
    fin["energy"] = run.simulated.energy.back();
    j["final"] = fin;
    return j;
}

}  // namespace impactlab
