# Run by `cmake --install` (python/CMakeLists.txt's install(CODE)): the
# impactlab package into the site-packages folder the prefix calls for.
#   /usr, /usr/local, any /usr/...  lib/pythonX.Y/dist-packages (Debian's sys.path)
#   anything else (~/.local, /opt)  lib/pythonX.Y/site-packages (the user site's layout)
# CPack stages a .deb under a temporary folder whose install prefix is /usr.
set(_prefix "${CMAKE_INSTALL_PREFIX}")
if(DEFINED CPACK_PACKAGING_INSTALL_PREFIX)
  set(_prefix "${CPACK_PACKAGING_INSTALL_PREFIX}")
endif()
if(_prefix MATCHES "^/usr(/|$)")
  set(_site "lib/${IMPACTLAB_PYTHON_VERSION_DIR}/dist-packages")
else()
  set(_site "lib/${IMPACTLAB_PYTHON_VERSION_DIR}/site-packages")
endif()
set(_dest "${CMAKE_INSTALL_PREFIX}/${_site}/impactlab")
file(INSTALL DESTINATION "${_dest}" TYPE FILE FILES ${IMPACTLAB_PYTHON_SOURCES})
file(INSTALL DESTINATION "${_dest}" TYPE MODULE FILES "${IMPACTLAB_PYTHON_MODULE}")
