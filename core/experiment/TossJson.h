#pragma once
// The tosses' results as the format writes them (docs/experiment-format.md):
// one writer each for the CLI's `tosses` commands and the Python module, so
// the two print the same keys in the same order.
#include <nlohmann/json.hpp>
#include <string>

#include "experiment/TossFit.h"

namespace impactlab {

nlohmann::ordered_json toJson(const Spread& s);
nlohmann::ordered_json toJson(const TossScoreSummary& s);
nlohmann::ordered_json toJson(const TossError& e);
// The format's PARAMS.json.
nlohmann::ordered_json toJson(const TossParams& p);
// PARAMS.json with the fit's objective, intervals, contributions and warnings.
nlohmann::ordered_json toJson(const TossFitResult& r);
// The format's cross-validation: `law` fitted on `folds` folds of groups,
// the summary, each fold's fit (without contributions) and every toss's score.
nlohmann::ordered_json toJson(const CrossValidation& cv, const std::string& law, int folds);

}  // namespace impactlab
