#pragma once
// A toss scene (scene/TossScene.h) run: its files read into a toss set, the
// toss on show simulated from its measured start with a law, and compared
// with the measurement. The CLI's `simulate` of a toss scene and the app's
// toss page both run it here, so they show the same numbers.
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "scene/TossScene.h"
#include "sim/tosses/TossScore.h"
#include "sim/tosses/TossSimulation.h"
#include "sim/tosses/Tosses.h"

namespace impactlab {

// The scene's files as text: the body JSON and the tosses CSV. Errors name
// the files.
TossSet readTossSceneData(const std::string& bodyText, const std::string& bodySource, const std::string& csvText,
                          const std::string& csvSource);
// Reads the files the scene names from disk.
TossSet loadTossSceneData(const TossScene& scene);

// `index` when `set` has a toss there; InputError("tosses.toss") saying how
// many tosses the file has when it has not.
int requireTossIndex(const TossSet& set, int index);

// The parameters `law` simulates the scene's tosses with: the scene's friction
// and restitution, and that law's options from the scene's contact.
TossParams getTossParams(const TossScene& scene, const std::string& law);

// One law's simulation of one toss, compared with the measurement.
struct TossLawRun {
    std::string law;
    TossStart start;          // the measured start the simulation began from
    SimulatedToss simulated;  // sample 0 at measured sample start.startSample
    TossError error;
};

// Simulates toss `index` of `set` under `params` for as many samples as
// were measured after its start. Throws InputError when the law refuses.
TossLawRun runToss(const TossSet& set, int index, const TossParams& params);

// The CLI's `simulate` summary of a toss scene ("impactlab.toss-run/1",
// docs/scene-format.md): the law's run of the toss on show and its errors.
nlohmann::ordered_json summarizeTossRun(const TossScene& scene, const TossSet& set, const TossLawRun& run);

}  // namespace impactlab
